import { prisma } from "@/server/db";
import * as specsRoute from "@/app/api/specs/route";
import * as specRoute from "@/app/api/specs/[id]/route";
import * as issuesRoute from "@/app/api/issues/route";
import * as issueRoute from "@/app/api/issues/[id]/route";
import { resetDb } from "@/test/support/db";
import { apiRequest, call, expectError } from "@/test/support/api";
import { sessionsApi } from "@/test/support/sessions-api";

// [[SPEC-n]] / [[ISSUE-n]] / [[SESS-n]] written in a spec's or issue's body are
// stored in entity_references in the same transaction as the text, and
// "Referenced by" is a query on that table.

const postSpec = (body: unknown) => call(specsRoute.POST, apiRequest("POST", "/api/specs", body));
const patchSpec = (id: string, body: unknown) => call(specRoute.PATCH, apiRequest("PATCH", `/api/specs/${id}`, body), { id });
const deleteSpec = (id: string, query = "") => call(specRoute.DELETE, apiRequest("DELETE", `/api/specs/${id}${query}`), { id });
const postIssue = (body: unknown) => call(issuesRoute.POST, apiRequest("POST", "/api/issues", body));
const patchIssue = (id: string, body: unknown) => call(issueRoute.PATCH, apiRequest("PATCH", `/api/issues/${id}`, body), { id });
const deleteIssue = (id: string) => call(issueRoute.DELETE, apiRequest("DELETE", `/api/issues/${id}`), { id });

const stored = async () =>
  (await prisma.entityReference.findMany({ orderBy: [{ sourceId: "asc" }, { targetId: "asc" }] })).map(
    (r) => `${r.sourceType}:${r.sourceId} -> ${r.targetType}:${r.targetId}`,
  );
const backlinkIds = async (target: string) => (await sessionsApi.backlinks(target)).body.items.map((b) => b.id);

beforeEach(async () => {
  await resetDb();
});
afterAll(async () => {
  await prisma.$disconnect();
});

test("creating and editing specs and issues stores their references; backlinks follow every edit", async () => {
  const spec = await postSpec({
    title: "Auth",
    body: "See [[SESS-1]] and [[issue-2]] (twice: [[ISSUE-2]]), not `[[SESS-5]]`, itself [[SPEC-1]], nor\n\n```\n[[SESS-6]]\n```\n",
  });
  expect(spec.status).toBe(201);
  expect(await stored()).toEqual(["spec:SPEC-1 -> issue:ISSUE-2", "spec:SPEC-1 -> session:SESS-1"]);

  const issue = await postIssue({ title: "Login", body: "Part of [[SPEC-1]], like [[SESS-1]]" });
  expect(issue.status).toBe(201);
  expect(await backlinkIds("SESS-1")).toEqual(expect.arrayContaining(["SPEC-1", "ISSUE-1"]));
  expect(await backlinkIds("sess-1")).toHaveLength(2);
  const links = (await sessionsApi.backlinks("SPEC-1")).body;
  expect(links).toEqual({ target: "SPEC-1", items: [expect.objectContaining({ type: "issue", id: "ISSUE-1", title: "Login", href: "/issues/ISSUE-1" })] });

  // Editing replaces the set: SESS-1 dropped, SESS-3 added, ISSUE-2 kept.
  expect((await patchSpec("SPEC-1", { body: "Now [[SESS-3]] and [[ISSUE-2]]" })).status).toBe(200);
  expect(await backlinkIds("SESS-1")).toEqual(["ISSUE-1"]);
  expect(await backlinkIds("SESS-3")).toEqual(["SPEC-1"]);
  // A title-only edit leaves the references alone.
  expect((await patchSpec("SPEC-1", { title: "Auth v2" })).status).toBe(200);
  expect((await sessionsApi.backlinks("SESS-3")).body.items).toEqual([expect.objectContaining({ id: "SPEC-1", title: "Auth v2" })]);

  expect((await patchIssue("ISSUE-1", { body: "nothing cited any more" })).status).toBe(200);
  expect(await backlinkIds("SESS-1")).toEqual([]);
  expect(await backlinkIds("SPEC-1")).toEqual([]);
  expect((await patchIssue("ISSUE-1", { status: "done" })).status).toBe(200);

  // Deleting a source forgets what it cited.
  expect((await deleteSpec("SPEC-1")).status).toBe(200);
  expect(await backlinkIds("SESS-3")).toEqual([]);
  expect(await stored()).toEqual([]);

  await patchIssue("ISSUE-1", { body: "[[SESS-8]]" });
  expect((await deleteIssue("ISSUE-1")).status).toBe(200);
  expect(await stored()).toEqual([]);
});

test("a refused issue delete keeps its references (same transaction)", async () => {
  const issue = await postIssue({ title: "Has runs", body: "[[SPEC-4]]" });
  await prisma.execution.create({ data: { id: crypto.randomUUID(), issueId: issue.body.id, agent: "claude", prompt: "x", cwd: "/tmp", status: "completed" } });
  expect((await deleteIssue(issue.body.id)).status).toBe(409);
  expect(await backlinkIds("SPEC-4")).toEqual([issue.body.id]);
});

test("a failed save stores nothing", async () => {
  // specId of a spec that does not exist: 422, and no references either.
  const bad = await postIssue({ title: "x", body: "[[SESS-1]]", specId: "SPEC-99" });
  expect(bad.status).toBe(422);
  expect(await stored()).toEqual([]);
});

test("resolve answers title, status and activity for known ids and null for unknown ones", async () => {
  await postSpec({ title: "Known spec" });
  await postIssue({ title: "Known issue", status: "in_progress" });
  const res = await sessionsApi.resolve(["SPEC-1", "issue-1", "SESS-1", "SPEC-2"]);
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual({
    "SPEC-1": expect.objectContaining({ type: "spec", id: "SPEC-1", title: "Known spec", status: null, href: "/specs/SPEC-1" }),
    "ISSUE-1": expect.objectContaining({ type: "issue", title: "Known issue", status: "in_progress", href: "/issues/ISSUE-1" }),
    "SESS-1": null,
    "SPEC-2": null,
  });
  expect(expectError(await sessionsApi.resolve(["SPEC-1", "nonsense"])).message).toBe('ids: "nonsense" is not an id like SPEC-1, ISSUE-1 or SESS-1');
  expect(expectError(await sessionsApi.backlinks("bogus")).message).toBe('"bogus" is not a reference target: use an id like SPEC-1, ISSUE-1 or SESS-1');
});
