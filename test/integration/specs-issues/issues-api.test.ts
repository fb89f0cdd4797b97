import { prisma } from "@/server/db";
import * as issuesRoute from "@/app/api/issues/route";
import * as issueRoute from "@/app/api/issues/[id]/route";
import * as specRoute from "@/app/api/specs/[id]/route";
import { resetDb } from "@/test/support/db";
import { apiRequest, call } from "@/test/support/api";
import { makeIssue, makeSpec } from "@/test/support/factories";
import type { Issue } from "@/lib/issues/schema";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const postIssue = (body: unknown) => call(issuesRoute.POST, apiRequest("POST", "/api/issues", body));
const listIssues = (query = "") => call(issuesRoute.GET, apiRequest("GET", `/api/issues${query}`));
const getIssue = (id: string) => call(issueRoute.GET, apiRequest("GET", `/api/issues/${id}`), { id });
const patchIssue = (id: string, body: unknown) => call(issueRoute.PATCH, apiRequest("PATCH", `/api/issues/${id}`, body), { id });
const deleteIssue = (id: string) => call(issueRoute.DELETE, apiRequest("DELETE", `/api/issues/${id}`), { id });
const ids = (items: Issue[]) => items.map((i) => i.id);

beforeEach(async () => {
  await resetDb();
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("POST /api/issues", () => {
  it("creates an issue with defaults → 201", async () => {
    const { status, body } = await postIssue({ title: "Fix the login bug" });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: "ISSUE-1",
      number: 1,
      title: "Fix the login bug",
      body: "",
      status: "open",
      priority: "medium",
      specId: null,
      spec: null,
    });
    expect(body.createdAt).toMatch(ISO);
    expect(body.updatedAt).toMatch(ISO);
  });

  it("links the issue to a spec given in any case", async () => {
    const spec = await makeSpec({ title: "Auth" });
    const { status, body } = await postIssue({
      title: "Session cookie",
      body: "**bold**",
      status: "in_progress",
      priority: "urgent",
      specId: "spec-1",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ specId: spec.id, spec: { id: spec.id, title: "Auth" }, status: "in_progress", priority: "urgent" });
  });

  it("answers 422 naming a spec that does not exist, and takes no id", async () => {
    const { status, body } = await postIssue({ title: "Orphan", specId: "SPEC-42" });
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: "validation_failed",
      message: "specId: Spec SPEC-42 does not exist",
      details: { fieldErrors: { specId: ["Spec SPEC-42 does not exist"] }, formErrors: [] },
    });
    expect((await postIssue({ title: "Next" })).body.id).toBe("ISSUE-1");
  });

  it("answers 422 for a malformed spec id, bad enums and a missing title", async () => {
    const malformed = await postIssue({ title: "x", specId: "banana" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.message).toBe('specId: "banana" is not a spec id (spec ids look like SPEC-1)');

    const enums = await postIssue({ title: "x", status: "doing", priority: "asap" });
    expect(enums.status).toBe(422);
    expect(enums.body.error.details.fieldErrors).toEqual({
      status: ["Status must be one of open, in_progress, done, closed"],
      priority: ["Priority must be one of low, medium, high, urgent"],
    });

    const noTitle = await postIssue({ body: "text" });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.error.message).toBe("title: Title is required");
  });

  it("accepts an empty or null specId as 'no spec'", async () => {
    expect((await postIssue({ title: "a", specId: "" })).body.specId).toBeNull();
    expect((await postIssue({ title: "b", specId: null })).body.specId).toBeNull();
  });

  it("answers 400 for malformed JSON", async () => {
    const { status, body } = await postIssue('{"title": ');
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
  });
});

describe("GET /api/issues", () => {
  it("lists newest first with search, status and spec filters", async () => {
    const auth = await makeSpec({ title: "Auth" });
    const billing = await makeSpec({ title: "Billing" });
    await makeIssue({ title: "Login form", specId: auth.id }); // ISSUE-1
    await makeIssue({ title: "Logout button", specId: auth.id, status: "done" }); // ISSUE-2
    await makeIssue({ title: "Invoice PDF", specId: billing.id, status: "done" }); // ISSUE-3
    await makeIssue({ title: "Tidy the LOG output" }); // ISSUE-4

    expect(ids((await listIssues()).body.items)).toEqual(["ISSUE-4", "ISSUE-3", "ISSUE-2", "ISSUE-1"]);
    expect(ids((await listIssues("?q=log")).body.items)).toEqual(["ISSUE-4", "ISSUE-2", "ISSUE-1"]);
    expect(ids((await listIssues("?status=done")).body.items)).toEqual(["ISSUE-3", "ISSUE-2"]);
    expect(ids((await listIssues("?specId=spec-1")).body.items)).toEqual(["ISSUE-2", "ISSUE-1"]);
    expect(ids((await listIssues("?specId=SPEC-1&status=done&q=OUT")).body.items)).toEqual(["ISSUE-2"]);
    expect(ids((await listIssues("?specId=none")).body.items)).toEqual(["ISSUE-4"]);
    expect(ids((await listIssues("?specId=SPEC-9")).body.items)).toEqual([]);
    expect(ids((await listIssues("?status=&q=")).body.items)).toHaveLength(4);
  });

  it("answers 422 for an unknown status or a malformed spec filter", async () => {
    const status = await listIssues("?status=later");
    expect(status.status).toBe(422);
    expect(status.body.error.message).toBe("status: Status must be one of open, in_progress, done, closed");
    const spec = await listIssues("?specId=xyz");
    expect(spec.status).toBe(422);
    expect(spec.body.error.message).toMatch(/^specId: "xyz" is not a spec id/);
  });
});

describe("GET /api/issues/:id", () => {
  it("finds an issue case-insensitively and 404s clearly otherwise", async () => {
    await makeIssue({ title: "Hello" });
    expect((await getIssue("issue-1")).body).toMatchObject({ id: "ISSUE-1", title: "Hello" });
    const unknown = await getIssue("ISSUE-2");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: "not_found", message: "Issue ISSUE-2 not found" });
    const malformed = await getIssue("SPEC-1");
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.message).toBe('Issue "SPEC-1" not found: issue ids look like ISSUE-1');
  });
});

describe("PATCH /api/issues/:id", () => {
  it("updates status, priority, title and body", async () => {
    await makeIssue({ title: "Before" });
    const res = await patchIssue("ISSUE-1", { status: "in_progress", priority: "high", title: "After", body: "Now *with* text" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "in_progress", priority: "high", title: "After", body: "Now *with* text" });
    expect((await getIssue("ISSUE-1")).body.status).toBe("in_progress");
  });

  it("links, moves and unlinks the spec", async () => {
    const a = await makeSpec({ title: "A" });
    const b = await makeSpec({ title: "B" });
    await makeIssue();
    expect((await patchIssue("ISSUE-1", { specId: a.id })).body.spec).toEqual({ id: a.id, title: "A" });
    expect((await patchIssue("ISSUE-1", { specId: "spec-2" })).body.specId).toBe(b.id);
    const unlinked = await patchIssue("ISSUE-1", { specId: null });
    expect(unlinked.body).toMatchObject({ specId: null, spec: null });
  });

  it("answers 422 for a nonexistent spec and invalid fields, 404 for unknown issues", async () => {
    await makeIssue();
    const missing = await patchIssue("ISSUE-1", { specId: "SPEC-5" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe("specId: Spec SPEC-5 does not exist");
    expect((await getIssue("ISSUE-1")).body.specId).toBeNull();

    const bad = await patchIssue("ISSUE-1", { status: "nope" });
    expect(bad.status).toBe(422);
    const nothing = await patchIssue("ISSUE-1", {});
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toMatch(/^Nothing to update/);
    const unknownField = await patchIssue("ISSUE-1", { spec_id: "SPEC-1" });
    expect(unknownField.body.error.message).toBe("Unknown field: spec_id");

    const unknown = await patchIssue("ISSUE-3", { status: "done" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Issue ISSUE-3 not found");
    expect((await patchIssue("ISSUE-1", "not json")).status).toBe(400);
  });
});

describe("DELETE /api/issues/:id", () => {
  it("deletes the issue; its id is never reused", async () => {
    await makeIssue();
    await makeIssue();
    const res = await deleteIssue("issue-2");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: "ISSUE-2", deleted: true });
    expect((await getIssue("ISSUE-2")).status).toBe(404);
    expect((await deleteIssue("ISSUE-2")).status).toBe(404);
    expect((await postIssue({ title: "new" })).body.id).toBe("ISSUE-3");
  });

  it("lets a spec be deleted once its issues are gone", async () => {
    const spec = await makeSpec();
    await makeIssue({ specId: spec.id });
    const specDelete = () => call(specRoute.DELETE, apiRequest("DELETE", `/api/specs/${spec.id}`), { id: spec.id });
    expect((await specDelete()).status).toBe(409);
    expect((await deleteIssue("ISSUE-1")).status).toBe(200);
    expect((await specDelete()).status).toBe(200);
  });
});

describe("ids under concurrency", () => {
  it("hands out distinct, consecutive numbers to concurrent creates", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => postIssue({ title: `Parallel ${i}` })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => r.body.number).sort((x: number, y: number) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
