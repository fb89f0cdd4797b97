import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import * as bundlesRoute from "@/app/api/bundles/route";
import * as bundleRoute from "@/app/api/bundles/[id]/route";
import * as itemsRoute from "@/app/api/bundles/[id]/items/route";
import * as exportRoute from "@/app/api/bundles/[id]/export/route";
import * as importRoute from "@/app/api/bundles/import/route";
import * as loadRoute from "@/app/api/bundles/[id]/load/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { getAgentDefinition } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { EventWriter } from "@/server/runner/turn/event-writer";
import { indexAllPendingEvents } from "@/server/search/index-pending-events";
import { searchTextOf } from "@/server/search/search-text";
import { testDatabaseUrl, resetDb } from "@/test/support/db";
import { routedFetch, runArbor } from "@/test/support/cli";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { setEnv } from "@/test/support/route-call";

// `arbor bundle …` and `arbor search` against the real route handlers and
// database (the CLI's fetch is routed to the handlers in-process).

const fetch = routedFetch([
  [/^\/api\/bundles$/, bundlesRoute],
  [/^\/api\/bundles\/import$/, importRoute],
  [/^\/api\/bundles\/([^/]+)$/, bundleRoute],
  [/^\/api\/bundles\/([^/]+)\/items$/, itemsRoute],
  [/^\/api\/bundles\/([^/]+)\/export$/, exportRoute],
  [/^\/api\/bundles\/([^/]+)\/load$/, loadRoute],
  [/^\/api\/search$/, { GET: searchRoute }],
]);
const arbor = (argv: string[], stdin = "") => runArbor(argv, { fetch, stdin, cwd: tmp });

let tmp: string;
let restoreEnv: () => void;
beforeAll(async () => {
  await resetDb();
  tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bundle-cli-"));
  // `bundle load` queues a run: its agent must look ready (a key for the runners), though no runner takes it here.
  restoreEnv = setEnv({ ANTHROPIC_API_KEY: "test-key" });
});
afterAll(async () => {
  restoreEnv();
  await rm(tmp, { recursive: true, force: true });
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("create, add, list, show, export and import a bundle", async () => {
  const spec = await makeSpec({ title: "Token rotation" });
  const issue = await makeIssue({ title: "Rotate refresh tokens" });

  const created = await arbor(["bundle", "create", "Auth", "work", "--description", "Everything about auth"]);
  expect(created).toMatchObject({ code: 0, stderr: "" });
  expect(created.stdout).toBe("Created BUNDLE-1: Auth work\n");

  const added = await arbor(["bundle", "add", "BUNDLE-1", spec.id, issue.id.toLowerCase(), "ABCDEF1234"]);
  expect(added.code).toBe(0);
  expect(added.stdout).toContain("BUNDLE-1  Auth work  (1 spec, 1 issue, 1 commit)");
  expect(added.stdout).toMatch(/1\. spec +SPEC-1 +Token rotation/);
  expect(added.stdout).toMatch(/2\. issue +ISSUE-1 +Rotate refresh tokens +open/);
  expect(added.stdout).toMatch(/3\. commit +abcdef1234/);

  const unknown = await arbor(["bundle", "add", "BUNDLE-1", "SPEC-99", "SESS-5"]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain("Unknown references: SPEC-99, SESS-5");

  const listed = await arbor(["bundle", "list"]);
  expect(listed.stdout).toBe("BUNDLE-1  Auth work  1 spec, 1 issue, 1 commit\n");
  const json = JSON.parse((await arbor(["bundle", "show", "bundle-1", "--json"])).stdout);
  expect(json.items.map((i: { id: string }) => i.id)).toEqual([spec.id, issue.id, "abcdef1234"]);

  const exported = await arbor(["bundle", "export", "BUNDLE-1"]);
  expect(exported.code).toBe(0);
  const document = JSON.parse(exported.stdout);
  expect(document).toEqual({
    format: "arbor.bundle",
    version: 1,
    name: "Auth work",
    description: "Everything about auth",
    items: [
      { type: "spec", id: spec.id },
      { type: "issue", id: issue.id },
      { type: "commit", id: "abcdef1234" },
    ],
  });
  await writeFile(path.join(tmp, "auth.json"), exported.stdout);
  const imported = await arbor(["bundle", "import", "auth.json"]);
  expect(imported.code).toBe(0);
  expect(imported.stdout).toMatch(/^Imported as BUNDLE-2: Auth work\n/);
  const fromStdin = await arbor(["bundle", "import", "-"], exported.stdout);
  expect(fromStdin.stdout).toMatch(/^Imported as BUNDLE-3/);

  await writeFile(path.join(tmp, "bad.json"), JSON.stringify({ ...document, items: [...document.items, { type: "issue", id: "ISSUE-404" }] }));
  const bad = await arbor(["bundle", "import", "bad.json"]);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain("Unknown reference: ISSUE-404");
  expect(await prisma.contextBundle.count()).toBe(3);
  expect((await arbor(["bundle", "import", "missing.json"])).code).toBe(2);
});

test("load starts an execution with the bundle's context and says what it did", async () => {
  const issue = await makeIssue({ title: "Load me", body: "THE ISSUE BODY" });
  await arbor(["bundle", "create", "Loadable"]);
  const id = (await prisma.contextBundle.findFirstOrThrow({ where: { name: "Loadable" } })).id;
  await arbor(["bundle", "add", id, issue.id]);
  const loaded = await arbor(["bundle", "load", id, "Do", "the", "thing"]);
  expect(loaded.stderr).toBe("");
  expect(loaded.code).toBe(0);
  expect(loaded.stdout).toMatch(/^Execution [0-9a-f-]{36} queued/);
  expect(loaded.stdout).toContain(`a new session on ${issue.id} with ${id}'s context`);
  const execution = await prisma.execution.findFirstOrThrow({ where: { issueId: issue.id } });
  expect(execution.prompt).toContain("THE ISSUE BODY");
  expect(execution.prompt.trimEnd().endsWith("Do the thing")).toBe(true);
});

test("search prints groups and hits with links to the log entry", async () => {
  const issue = await makeIssue({ title: "Search target" });
  const execution = await prisma.execution.create({
    data: { id: crypto.randomUUID(), issueId: issue.id, agent: "claude", prompt: "tidy the parser", cwd: "/w", status: "completed" },
  });
  const pool = new pg.Pool({ connectionString: testDatabaseUrl() });
  try {
    const writer = new EventWriter(pool, execution.id);
    const claude = getAgentDefinition("claude")!;
    for (const content of [
      [{ type: "text", text: "The tokenizer splits camelCase identifiers." }],
      [{ type: "tool_use", id: "toolu_1", name: "Edit", input: { file_path: "/repo/src/lexer/tokenizer.ts", old_string: "a", new_string: "b" } }],
    ]) {
      const payload = { type: "assistant", message: { role: "assistant", content } };
      writer.push({
        stream: "stdout",
        kind: "assistant",
        json: JSON.stringify(payload),
        searchText: searchTextOf(claude.normalize({ kind: "assistant", payload })),
      });
    }
    await writer.flush();
    await indexAllPendingEvents(pool, { executionId: execution.id });
  } finally {
    await pool.end();
  }

  const result = await arbor(["search", "tokenizer"]);
  expect(result.code).toBe(0);
  const lines = result.stdout.trimEnd().split("\n");
  // (The spec "Token rotation" of an earlier test matches too, stemmed: "tokenizer" → token.)
  expect(lines).toContain(`tidy the parser  ${issue.id} Search target`);
  expect(lines).toContain("  [file]      Edit /repo/src/lexer/tokenizer.ts");
  expect(lines).toContain(`              http://127.0.0.1:3000/executions/${execution.id}#seq-2`);
  expect(lines).toContain("  [assistant] The tokenizer splits camelCase identifiers.");
  expect(JSON.parse((await arbor(["search", "tokenizer", "--json", "--limit", "1"])).stdout).hitCount).toBe(1);
  expect((await arbor(["search", "nothing-like-this"])).stdout).toBe('Nothing matches "nothing-like-this".\n');
});

test("usage errors", async () => {
  for (const argv of [
    ["bundle"],
    ["bundle", "frob"],
    ["bundle", "show"],
    ["bundle", "add", "BUNDLE-1"],
    ["bundle", "load", "BUNDLE-1"],
    ["bundle", "list", "--follow"],
    ["search"],
    ["search", "x", "--limit", "0"],
  ]) {
    const result = await arbor(argv);
    expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
    expect(result.stderr).toMatch(/^arbor: /);
  }
  expect((await arbor(["help", "bundle"])).stdout).toContain("export BUNDLE > FILE.json");
});
