import * as bundlesRoute from "@/app/api/bundles/route";
import * as bundleRoute from "@/app/api/bundles/[id]/route";
import * as itemsRoute from "@/app/api/bundles/[id]/items/route";
import * as exportRoute from "@/app/api/bundles/[id]/export/route";
import * as importRoute from "@/app/api/bundles/import/route";
import * as loadRoute from "@/app/api/bundles/[id]/load/route";
import type { Bundle, BundleSummary } from "@/lib/bundles/schema";
import type { ApiErrorBody, ListResponse } from "@/lib/schemas/common";
import { prisma } from "@/server/db";
import { resetDb } from "@/test/support/db";
import { apiRequest, call } from "@/test/support/api";
import { makeIssue, makeSpec } from "@/test/support/factories";

// The bundles API on real Postgres: CRUD, ids from the counters table, the
// ordered item list (add, reorder, remove), reference validation, export →
// import round trip, and imports that must store nothing.

const create = (body: unknown) => call<Bundle & ApiErrorBody>(bundlesRoute.POST, apiRequest("POST", "/api/bundles", body));
const list = (query = "") => call<ListResponse<BundleSummary>>(bundlesRoute.GET, apiRequest("GET", `/api/bundles${query}`));
const get = (id: string) => call<Bundle & ApiErrorBody>(bundleRoute.GET, apiRequest("GET", `/api/bundles/${id}`), { id });
const patch = (id: string, body: unknown) => call<Bundle & ApiErrorBody>(bundleRoute.PATCH, apiRequest("PATCH", `/api/bundles/${id}`, body), { id });
const remove = (id: string) => call<ApiErrorBody & { deleted: boolean }>(bundleRoute.DELETE, apiRequest("DELETE", `/api/bundles/${id}`), { id });
const putItems = (id: string, items: unknown) => call<Bundle & ApiErrorBody>(itemsRoute.PUT, apiRequest("PUT", `/api/bundles/${id}/items`, { items }), { id });
const addItems = (id: string, items: unknown) =>
  call<Bundle & ApiErrorBody>(itemsRoute.POST, apiRequest("POST", `/api/bundles/${id}/items`, { items }), { id });
const exportBundle = (id: string) => call<Record<string, unknown> & ApiErrorBody>(exportRoute.GET, apiRequest("GET", `/api/bundles/${id}/export`), { id });
const importBundle = (body: unknown) => call<Bundle & ApiErrorBody>(importRoute.POST, apiRequest("POST", "/api/bundles/import", body));
const load = (id: string, body: unknown) => call<ApiErrorBody>(loadRoute.POST, apiRequest("POST", `/api/bundles/${id}/load`, body), { id });

const refs = (bundle: Bundle) => bundle.items.map((i) => `${i.type}:${i.id}`);
const SHA = "0123abcdef4567890123abcdef4567890123abcd";

beforeEach(async () => {
  await resetDb();
});

afterAll(async () => {
  await prisma.$disconnect();
});

test("create, read, rename, list and delete; ids come from the counters table and are never reused", async () => {
  const spec = await makeSpec({ title: "Auth spec", body: "Use bcrypt" });
  const issue = await makeIssue({ title: "Login fails" });

  const created = await create({
    name: "  Auth feature  ",
    description: "Everything about login",
    items: [issue.id, { type: "spec", id: spec.id.toLowerCase() }, SHA.slice(0, 7).toUpperCase()],
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ id: "BUNDLE-1", number: 1, name: "Auth feature", description: "Everything about login", itemCount: 3 });
  expect(created.body.counts).toEqual({ session: 0, spec: 1, issue: 1, commit: 1 });
  expect(created.body.items).toEqual([
    { type: "issue", id: issue.id, position: 0, title: "Login fails", missing: false, status: "open", href: `/issues/${issue.id}` },
    { type: "spec", id: spec.id, position: 1, title: "Auth spec", missing: false, status: null, href: `/specs/${spec.id}` },
    { type: "commit", id: "0123abc", position: 2, title: null, missing: false, status: null, href: null },
  ]);

  expect((await get("bundle-1")).body.name).toBe("Auth feature");
  const renamed = await patch("BUNDLE-1", { name: "Auth", description: "" });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ name: "Auth", description: "", itemCount: 3 });
  expect((await patch("BUNDLE-1", {})).status).toBe(422);
  expect((await patch("BUNDLE-1", { name: " " })).status).toBe(422);

  const second = await create({ name: "Empty one" });
  expect(second.body).toMatchObject({ id: "BUNDLE-2", itemCount: 0, items: [] });
  const listed = await list();
  expect(listed.body.items.map((b) => b.id)).toEqual(["BUNDLE-2", "BUNDLE-1"]);
  expect((await list("?q=auth")).body.items.map((b) => b.id)).toEqual(["BUNDLE-1"]);

  expect((await remove("BUNDLE-2")).body).toEqual({ id: "BUNDLE-2", deleted: true });
  expect((await get("BUNDLE-2")).status).toBe(404);
  expect((await remove("BUNDLE-2")).status).toBe(404);
  expect((await create({ name: "Third" })).body.id).toBe("BUNDLE-3");
  // Deleting a bundle leaves what it named alone.
  expect(await prisma.spec.count()).toBe(1);

  const missing = await get("BUNDLE-99");
  expect(missing.status).toBe(404);
  expect(missing.body.error.message).toBe("Bundle BUNDLE-99 not found");
  expect((await get("nonsense")).body.error.message).toMatch(/bundle ids look like BUNDLE-1/);
});

test("items: add (idempotent), reorder and remove with the whole ordered list", async () => {
  const [s1, s2] = [await makeSpec(), await makeSpec()];
  const [i1, i2] = [await makeIssue(), await makeIssue()];
  const bundle = (await create({ name: "Work" })).body;

  let res = await addItems(bundle.id, [s1.id, i1.id]);
  expect(res.status).toBe(200);
  expect(refs(res.body)).toEqual([`spec:${s1.id}`, `issue:${i1.id}`]);
  res = await addItems(bundle.id, [i1.id, { type: "commit", id: SHA }, s2.id]);
  expect(refs(res.body)).toEqual([`spec:${s1.id}`, `issue:${i1.id}`, `commit:${SHA}`, `spec:${s2.id}`]);
  expect(res.body.items.map((i) => i.position)).toEqual([0, 1, 2, 3]);

  // Reorder: move the last item to the top, and add one at the end.
  res = await putItems(bundle.id, [s2.id, s1.id, i1.id, SHA, i2.id]);
  expect(res.status).toBe(200);
  expect(refs(res.body)).toEqual([`spec:${s2.id}`, `spec:${s1.id}`, `issue:${i1.id}`, `commit:${SHA}`, `issue:${i2.id}`]);
  // Remove two.
  res = await putItems(bundle.id, [i2.id, s2.id, SHA]);
  expect(refs(res.body)).toEqual([`issue:${i2.id}`, `spec:${s2.id}`, `commit:${SHA}`]);
  expect((await get(bundle.id)).body.items.map((i) => i.position)).toEqual([0, 1, 2]);

  // A duplicate in one list, a malformed id, a bad SHA: 422, nothing changes.
  for (const items of [
    [s1.id, s1.id.toLowerCase()],
    ["SPEC-x"],
    [{ type: "commit", id: "xyz1234" }],
    [{ type: "commit", id: "abc12" }],
    [{ type: "thing", id: "1" }],
  ]) {
    const bad = await putItems(bundle.id, items);
    expect(bad.status).toBe(422);
  }
  expect(refs((await get(bundle.id)).body)).toEqual([`issue:${i2.id}`, `spec:${s2.id}`, `commit:${SHA}`]);

  // An item whose entity is deleted later shows as missing.
  await prisma.issue.delete({ where: { id: i2.id } });
  expect((await get(bundle.id)).body.items[0]).toMatchObject({ id: i2.id, missing: true, title: null });
  // …and never blocks reordering or removing the others: what the bundle holds is kept as it is.
  res = await putItems(bundle.id, [s2.id, i2.id, SHA]);
  expect(res.status).toBe(200);
  expect(refs(res.body)).toEqual([`spec:${s2.id}`, `issue:${i2.id}`, `commit:${SHA}`]);
  res = await putItems(bundle.id, [i2.id, SHA]);
  expect(refs(res.body)).toEqual([`issue:${i2.id}`, `commit:${SHA}`]);
  // A new item naming nothing is still refused, by its name.
  res = await putItems(bundle.id, [i2.id, SHA, "SPEC-404"]);
  expect(res.status).toBe(422);
  expect(res.body.error.message).toBe("items: Unknown reference: SPEC-404");
  expect((await putItems("BUNDLE-404", [])).status).toBe(404);
});

test("unknown sessions, specs and issues are all named in one 422, and nothing changes", async () => {
  const spec = await makeSpec();
  const bundle = (await create({ name: "Refs", items: [spec.id] })).body;

  const res = await putItems(bundle.id, ["SESS-41", spec.id, "ISSUE-9", "SPEC-77", SHA]);
  expect(res.status).toBe(422);
  expect(res.body.error.code).toBe("validation_failed");
  expect(res.body.error.message).toBe("items: Unknown references: SESS-41, ISSUE-9, SPEC-77");
  expect(res.body.error.details?.unknownReferences).toEqual(["SESS-41", "ISSUE-9", "SPEC-77"]);
  expect(refs((await get(bundle.id)).body)).toEqual([`spec:${spec.id}`]);

  const created = await create({ name: "Nope", items: ["ISSUE-3"] });
  expect(created.status).toBe(422);
  expect(created.body.error.message).toContain("ISSUE-3");
  expect(await prisma.contextBundle.count()).toBe(1);
});

test("export → import makes an equal bundle with a new id; the export is a versioned download", async () => {
  const spec = await makeSpec({ title: "S" });
  const issue = await makeIssue({ title: "I" });
  const original = (await create({ name: "Portable", description: "Take me along", items: [issue.id, SHA, spec.id] })).body;

  const exported = await exportBundle(original.id);
  expect(exported.status).toBe(200);
  expect(exported.headers.get("content-disposition")).toBe('attachment; filename="BUNDLE-1-portable.json"');
  expect(exported.body).toEqual({
    format: "arbor.bundle",
    version: 1,
    name: "Portable",
    description: "Take me along",
    items: [
      { type: "issue", id: issue.id },
      { type: "commit", id: SHA },
      { type: "spec", id: spec.id },
    ],
  });

  const imported = await importBundle(exported.body);
  expect(imported.status).toBe(201);
  expect(imported.body.id).toBe("BUNDLE-2");
  expect(imported.body).toMatchObject({ name: "Portable", description: "Take me along" });
  expect(refs(imported.body)).toEqual(refs(original));
  expect((await exportBundle(imported.body.id)).body).toEqual(exported.body);
});

test("an import with unknown references reports them all at once and stores nothing", async () => {
  const spec = await makeSpec();
  const document = {
    format: "arbor.bundle",
    version: 1,
    name: "From elsewhere",
    description: "",
    items: [
      { type: "spec", id: spec.id },
      { type: "session", id: "SESS-12" },
      { type: "issue", id: "ISSUE-40" },
      { type: "spec", id: "SPEC-41" },
      { type: "commit", id: SHA },
    ],
  };
  const res = await importBundle(document);
  expect(res.status).toBe(422);
  expect(res.body.error.details?.unknownReferences).toEqual(["SESS-12", "ISSUE-40", "SPEC-41"]);
  expect(await prisma.contextBundle.count()).toBe(0);
  expect(await prisma.contextBundleItem.count()).toBe(0);
  // Nor was a number taken: the next bundle is still BUNDLE-1.
  expect((await create({ name: "First" })).body.id).toBe("BUNDLE-1");

  // Malformed documents: every problem in one 422.
  const malformed = await importBundle({ format: "other", version: 2, name: "", items: [{ type: "spec", id: "nope" }, "zz"] });
  expect(malformed.status).toBe(422);
  const fields = Object.keys((malformed.body.error.details?.fieldErrors as Record<string, unknown>) ?? {});
  expect(fields).toEqual(expect.arrayContaining(["format", "version", "name", "items.0.id", "items.1"]));
  expect((await importBundle("[not json")).status).toBe(400);
  expect(await prisma.contextBundle.count()).toBe(1);
});

test("load context needs a session or an issue", async () => {
  const spec = await makeSpec();
  const bundle = (await create({ name: "Specs only", items: [spec.id, SHA] })).body;
  const res = await load(bundle.id, { prompt: "go" });
  expect(res.status).toBe(422);
  expect(res.body.error.message).toMatch(/no session to continue and no issue/);
  expect((await load(bundle.id, { prompt: "  " })).status).toBe(422);
  expect((await load("BUNDLE-77", { prompt: "go" })).status).toBe(404);
  expect(await prisma.execution.count()).toBe(0);
});
