import { prisma } from "@/server/db";
import * as specsRoute from "@/app/api/specs/route";
import * as specRoute from "@/app/api/specs/[id]/route";
import { resetDb } from "@/test/support/db";
import { apiRequest, call } from "@/test/support/api";
import { makeIssue, makeSpec } from "@/test/support/factories";
import type { ApiErrorBody, ListResponse } from "@/lib/schemas/common";
import type { Issue } from "@/lib/issues/schema";
import type { Spec } from "@/lib/specs/schema";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const postSpec = (body: unknown) => call(specsRoute.POST, apiRequest("POST", "/api/specs", body));
const listSpecs = (query = "") => call(specsRoute.GET, apiRequest("GET", `/api/specs${query}`));
const getSpec = (id: string) => call(specRoute.GET, apiRequest("GET", `/api/specs/${id}`), { id });
const patchSpec = (id: string, body: unknown) => call(specRoute.PATCH, apiRequest("PATCH", `/api/specs/${id}`, body), { id });
const deleteSpec = (id: string, query = "") => call(specRoute.DELETE, apiRequest("DELETE", `/api/specs/${id}${query}`), { id });

beforeEach(async () => {
  await resetDb();
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("POST /api/specs", () => {
  it("creates a spec with a human-readable id and ISO dates → 201", async () => {
    const { status, body, headers } = await postSpec({ title: "  Build the runner  ", body: "# Goals\n- fast" });
    expect(status).toBe(201);
    expect(headers.get("content-type")).toContain("application/json");
    const spec = body as Spec;
    expect(spec).toMatchObject({ id: "SPEC-1", number: 1, title: "Build the runner", body: "# Goals\n- fast", issueCount: 0 });
    expect(spec.createdAt).toMatch(ISO);
    expect(spec.updatedAt).toMatch(ISO);

    const second = await postSpec({ title: "Second" });
    expect(second.body).toMatchObject({ id: "SPEC-2", body: "" });
  });

  it("answers 400 for malformed JSON", async () => {
    const { status, body } = await postSpec("{ not json");
    expect(status).toBe(400);
    expect((body as ApiErrorBody).error.code).toBe("bad_request");
    expect((body as ApiErrorBody).error.message).toMatch(/not valid JSON/);
  });

  it("answers 400 for an empty body", async () => {
    const { status } = await postSpec("");
    expect(status).toBe(400);
  });

  it("answers 422 with a readable message and per-field details for a missing or blank title", async () => {
    for (const payload of [{}, { title: "   " }]) {
      const { status, body } = await postSpec(payload);
      expect(status).toBe(422);
      const { error } = body as ApiErrorBody;
      expect(error.code).toBe("validation_failed");
      expect(error.message).toBe("title: Title is required");
      expect(error.details).toMatchObject({ fieldErrors: { title: ["Title is required"] } });
    }
  });

  it("enforces the title and body limits", async () => {
    const long = await postSpec({ title: "x".repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body.error.message).toBe("title: Title must be at most 200 characters");
    expect((await postSpec({ title: "x".repeat(200) })).status).toBe(201);

    const bigBody = await postSpec({ title: "ok", body: "x".repeat(100_001) });
    expect(bigBody.status).toBe(422);
    expect(bigBody.body.error.details.fieldErrors.body[0]).toMatch(/at most 100,000 characters/);
  });

  it("rejects unknown fields and non-objects with 422", async () => {
    const unknown = await postSpec({ title: "ok", colour: "red" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe("Unknown field: colour");
    const array = await postSpec([1, 2]);
    expect(array.status).toBe(422);
    expect(array.body.error.message).toBe("Expected a JSON object");
    const wrongType = await postSpec({ title: 42 });
    expect(wrongType.body.error.message).toBe("title: Title must be text");
  });
});

describe("GET /api/specs", () => {
  it("lists newest first and searches titles case-insensitively", async () => {
    await makeSpec({ title: "Login page" });
    await makeSpec({ title: "Billing" });
    await makeSpec({ title: "LOGOUT flow" });
    const all = await listSpecs();
    expect(all.status).toBe(200);
    expect((all.body as ListResponse<Spec>).items.map((s) => s.id)).toEqual(["SPEC-3", "SPEC-2", "SPEC-1"]);

    const search = await listSpecs("?q=LOG");
    expect((search.body as ListResponse<Spec>).items.map((s) => s.title)).toEqual(["LOGOUT flow", "Login page"]);

    const none = await listSpecs("?q=zzz");
    expect(none.body).toEqual({ items: [] });

    const limited = await listSpecs("?limit=1");
    expect(limited.body.items).toHaveLength(1);
  });

  it("treats % and _ in the search as literal characters", async () => {
    await makeSpec({ title: "100% coverage" });
    await makeSpec({ title: "100 percent" });
    const res = await listSpecs(`?q=${encodeURIComponent("100%")}`);
    expect(res.body.items.map((s: Spec) => s.title)).toEqual(["100% coverage"]);
  });

  it("reports the number of issues of each spec", async () => {
    const spec = await makeSpec();
    await makeIssue({ specId: spec.id });
    await makeIssue({ specId: spec.id });
    const res = await listSpecs();
    expect(res.body.items[0]).toMatchObject({ id: spec.id, issueCount: 2 });
  });

  it("answers 422 for an invalid limit", async () => {
    const res = await listSpecs("?limit=0");
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("limit: Limit must be at least 1");
  });
});

describe("GET /api/specs/:id", () => {
  it("finds a spec by id, case-insensitively", async () => {
    const spec = await makeSpec({ title: "Find me" });
    for (const id of ["SPEC-1", "spec-1", "Spec-1"]) {
      const res = await getSpec(id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: spec.id, title: "Find me" });
    }
  });

  it("answers 404 with a clear message for unknown and malformed ids", async () => {
    const unknown = await getSpec("SPEC-99");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: "not_found", message: "Spec SPEC-99 not found" });

    for (const id of ["nope", "SPEC-0", "SPEC-01", "ISSUE-1", "SPEC-99999999999", "SPEC-1x"]) {
      const res = await getSpec(id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect(res.body.error.message).toMatch(/not found/);
    }
    expect((await getSpec("nope")).body.error.message).toBe('Spec "nope" not found: spec ids look like SPEC-1');
  });
});

describe("PATCH /api/specs/:id", () => {
  it("updates the given fields and bumps updatedAt", async () => {
    const spec = await makeSpec({ title: "Old", body: "keep me" });
    await new Promise((r) => setTimeout(r, 5));
    const res = await patchSpec("spec-1", { title: "New" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "SPEC-1", title: "New", body: "keep me" });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(spec.updatedAt).getTime());
    expect((await getSpec("SPEC-1")).body.title).toBe("New");
  });

  it("validates like POST", async () => {
    await makeSpec();
    const blank = await patchSpec("SPEC-1", { title: "" });
    expect(blank.status).toBe(422);
    expect(blank.body.error.message).toBe("title: Title is required");
    const empty = await patchSpec("SPEC-1", {});
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toMatch(/Nothing to update/);
    expect((await patchSpec("SPEC-1", "{oops")).status).toBe(400);
  });

  it("answers 404 for unknown ids", async () => {
    const res = await patchSpec("SPEC-7", { title: "x" });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Spec SPEC-7 not found");
  });
});

describe("DELETE /api/specs/:id", () => {
  it("deletes a spec without issues, and its id is never reused", async () => {
    await makeSpec();
    await makeSpec();
    const res = await deleteSpec("SPEC-2");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: "SPEC-2", deleted: true, detachedIssueCount: 0 });
    expect((await getSpec("SPEC-2")).status).toBe(404);

    const created = await postSpec({ title: "After delete" });
    expect(created.body.id).toBe("SPEC-3");
  });

  it("refuses with 409 when the spec has issues, explaining how to proceed", async () => {
    const spec = await makeSpec();
    await makeIssue({ specId: spec.id });
    await makeIssue({ specId: spec.id });
    const res = await deleteSpec(spec.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(res.body.error.message).toMatch(/SPEC-1 has 2 issues/);
    expect(res.body.error.message).toMatch(/detachIssues=true/);
    expect(res.body.error.details).toEqual({ issueCount: 2 });
    expect((await getSpec(spec.id)).status).toBe(200);
  });

  it("with ?detachIssues=true unlinks the issues, keeps them, then deletes the spec", async () => {
    const spec = await makeSpec();
    const a = await makeIssue({ specId: spec.id });
    const other = await makeSpec();
    const b = await makeIssue({ specId: other.id });
    const res = await deleteSpec("spec-1", "?detachIssues=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: "SPEC-1", deleted: true, detachedIssueCount: 1 });
    const issues = await prisma.issue.findMany({ orderBy: { number: "asc" } });
    expect(issues.map((i) => [i.id, i.specId])).toEqual([
      [a.id, null],
      [b.id, other.id],
    ]);
  });

  it("answers 404 for unknown ids and 422 for a bad detachIssues value", async () => {
    expect((await deleteSpec("SPEC-5")).status).toBe(404);
    expect((await deleteSpec("garbage")).status).toBe(404);
    await makeSpec();
    const bad = await deleteSpec("SPEC-1", "?detachIssues=maybe");
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe("detachIssues: detachIssues must be true or false");
  });
});

describe("the spec issue listing", () => {
  it("issues keep their spec reference in responses", async () => {
    const spec = await makeSpec({ title: "Parent" });
    const issue: Issue = await makeIssue({ specId: spec.id });
    expect(issue.spec).toEqual({ id: spec.id, title: "Parent" });
  });
});
