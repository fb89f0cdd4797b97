import { createIssueSchema, issueListQuerySchema, updateIssueSchema } from "@/lib/issues/schema";
import { createSpecSchema, deleteSpecQuerySchema, updateSpecSchema } from "@/lib/specs/schema";
import { summarizeZodError } from "@/lib/schemas/common";

function messageOf(result: { success: boolean; error?: import("zod").ZodError }) {
  if (result.success || !result.error) throw new Error("expected a validation failure");
  return summarizeZodError(result.error).message;
}

describe("spec schemas", () => {
  it("trims titles and defaults the body", () => {
    expect(createSpecSchema.parse({ title: "  Hi  " })).toEqual({ title: "Hi", body: "" });
  });

  it("gives readable messages", () => {
    expect(messageOf(createSpecSchema.safeParse({ title: "" }))).toBe("title: Title is required");
    expect(messageOf(createSpecSchema.safeParse({ title: "a".repeat(201) }))).toBe("title: Title must be at most 200 characters");
    expect(messageOf(createSpecSchema.safeParse({ title: "a", extra: 1, other: 2 }))).toBe("Unknown fields: extra, other");
    expect(messageOf(updateSpecSchema.safeParse({}))).toBe("Nothing to update: send title and/or body (or projectId)");
  });

  it("parses detachIssues", () => {
    expect(deleteSpecQuerySchema.parse({}).detachIssues).toBe(false);
    expect(deleteSpecQuerySchema.parse({ detachIssues: "true" }).detachIssues).toBe(true);
    expect(deleteSpecQuerySchema.parse({ detachIssues: "1" }).detachIssues).toBe(true);
    expect(deleteSpecQuerySchema.parse({ detachIssues: "false" }).detachIssues).toBe(false);
  });
});

describe("issue schemas", () => {
  it("fills defaults and normalizes the spec id", () => {
    expect(createIssueSchema.parse({ title: "x", specId: "spec-4" })).toEqual({
      title: "x",
      body: "",
      status: "open",
      priority: "medium",
      specId: "SPEC-4",
    });
    expect(createIssueSchema.parse({ title: "x", specId: "" }).specId).toBeNull();
  });

  it("keeps specId undefined on PATCH unless given (null unlinks)", () => {
    expect(updateIssueSchema.parse({ status: "done" })).toEqual({ status: "done" });
    expect(updateIssueSchema.parse({ specId: null })).toEqual({ specId: null });
  });

  it("parses list filters from query strings", () => {
    expect(issueListQuerySchema.parse({ q: " bug ", status: "", specId: "spec-2" })).toEqual({
      q: "bug",
      status: undefined,
      specId: "SPEC-2",
      limit: 100,
    });
    expect(issueListQuerySchema.parse({ specId: "NONE" }).specId).toBe("none");
    expect(messageOf(issueListQuerySchema.safeParse({ limit: "abc" }))).toBe("limit: Limit must be a number");
  });
});
