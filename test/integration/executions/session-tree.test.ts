import { GET as listIssueExecutionsRoute } from "@/app/api/issues/[id]/executions/route";
import { GET as treeSummaryRoute } from "@/app/api/issues/[id]/tree-summary/route";
import type { ExecutionDto, IssueTreeSummary, SessionTreeNode } from "@/lib/executions/schema";
import { send } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { historyPreviewOf } from "@/test/support/execution-fixtures";
import { readIssuePage } from "@/server/issues/read-issue-page";
import { PREVIEW_PROMPT_CHARS } from "@/server/executions/read-history-preview";
import { prisma } from "@/server/db";

// GET /api/issues/:id/session-tree: the issue's executions as a tree. A
// Continue hangs under its parent (edge "continue"), a Fork under the
// execution it branched from (edge "fork"), a restart under the execution it
// re-ran (edge "restarted"), anything else is a root; the latest turn of
// each line is its head.
//
//   A (root) ─┬─ B (continue) ── C (continue)
//             ├─ F (fork) ────── G (continue)
//             ├─ D (fork: a Continue on A once A was no longer its session's head)
//             └─ R (restarted: Start fresh from A)

jest.setTimeout(90_000);

useRunningHarness();

const created = async (response: Promise<{ status: number; body: ExecutionDto }>) => {
  const r = await response;
  expect(r.status).toBe(201);
  return r.body;
};

/** The tree as [id, edge, isHead, children] tuples, for one readable comparison. */
type Shape = [string, string, boolean, Shape[]];
const shape = (node: SessionTreeNode): Shape => [node.id, node.edge, node.isHead, node.children.map(shape)];

test("the session tree of an issue with continues, forks and a restart", async () => {
  const issueId = (await makeIssue()).id;
  const a = await waitForEnd((await created(api.create({ issueId, prompt: "tree root" }))).id);
  const b = await created(api.continue(a.id, "tree continue b"));
  const f = await created(api.fork(a.id, "tree fork f"));
  await Promise.all([waitForEnd(b.id), waitForEnd(f.id)]);
  const c = await created(api.continue(b.id, "tree continue c"));
  const g = await created(api.continue(f.id, "tree continue g"));
  const d = await created(api.continue(a.id, "tree continue-as-fork d"));
  const r = await created(api.startFresh(a.id));
  const done = await Promise.all([c, g, d, r].map((e) => waitForEnd(e.id)));
  expect(done.map((e) => e.status)).toEqual(["completed", "completed", "completed", "completed"]);
  expect(d).toMatchObject({ parentExecutionId: null, forkedFromExecutionId: a.id });
  expect(r).toMatchObject({ restartedFromExecutionId: a.id, prompt: "tree root" });

  const tree = await api.sessionTree(issueId);
  expect(tree.status).toBe(200);
  expect(Object.keys(tree.body)).toEqual(["roots"]);
  expect(tree.body.roots.map(shape)).toEqual([
    [
      a.id,
      "root",
      false,
      [
        [b.id, "continue", false, [[c.id, "continue", true, []]]],
        [f.id, "fork", false, [[g.id, "continue", true, []]]],
        [d.id, "fork", true, []],
        [r.id, "restarted", true, []],
      ],
    ],
  ]);

  // Every node is a whole execution, as GET /api/executions/:id gives it, plus its place in the tree.
  const [rootA] = tree.body.roots;
  const { edge, isHead, children, ...asExecution } = rootA;
  expect({ edge, isHead, children: children.length }).toEqual({ edge: "root", isHead: false, children: 4 });
  const { waitingForExecutionId: _ignored, ...fromGet } = (await api.get(a.id)).body;
  expect(asExecution).toMatchObject(fromGet);
  const forkNode = rootA.children[1];
  expect(forkNode).toMatchObject({ forkedFromExecutionId: a.id, forkSessionId: a.sessionId, status: "completed" });
  expect(forkNode.sessionId).not.toBe(a.sessionId);
  expect(forkNode.children[0].sessionId).toBe(forkNode.sessionId);
  expect(rootA.children[0].children[0]).toMatchObject({ parentExecutionId: b.id, sessionId: a.sessionId });

  // The flat list of the same executions, oldest first.
  const list = await send<ExecutionDto[]>(listIssueExecutionsRoute, { id: issueId });
  expect(list.status).toBe(200);
  expect(list.body.map((e) => e.id)).toEqual([a, b, f, c, g, d, r].map((e) => e.id));

  // The issue page's read (GET /api/issues/:id/tree-summary, one SQL statement): the same
  // executions flat, oldest first, each with what it consulted (the tree above is built from it).
  const summary = await send<IssueTreeSummary>(treeSummaryRoute, { id: issueId.toLowerCase() });
  expect(summary.status).toBe(200);
  expect(summary.body.executions.map((e) => e.id)).toEqual([a, b, f, c, g, d, r].map((e) => e.id));
  expect(summary.body.executions.every((e) => Array.isArray(e.consulted))).toBe(true);

  // The issue page's HTML: the History list's first rows, placed from a few columns of each
  // execution, are the rows the browser builds from the summary, whole, without their subtrees.
  const built = historyPreviewOf(buildSessionTree(summary.body.executions), 5);
  const page = await readIssuePage(issueId.toLowerCase(), { previewRows: 5 });
  expect(page.ok && page.value.preview).toEqual(built);
  expect(built.rows.map((row) => [row.node.id, row.depth])).toEqual([
    [a.id, 0],
    [f.id, 1],
    [g.id, 1],
    [d.id, 1],
    [r.id, 0],
  ]);
  expect(built.total).toBe(7);
  expect(await readIssuePage(issueId, { previewRows: 0 })).toMatchObject({ ok: true, value: { preview: null } });
  // A long prompt goes into the page's HTML by its start only (the row shows its first line).
  await prisma.execution.update({ where: { id: a.id }, data: { prompt: `long ${"x".repeat(PREVIEW_PROMPT_CHARS * 3)}` } });
  const long = await readIssuePage(issueId, { previewRows: 1 });
  expect(long.ok && long.value.preview?.rows[0].node.prompt).toBe(`long ${"x".repeat(PREVIEW_PROMPT_CHARS - 5)}…`);
});

test("the tree summary of an issue without executions is empty; of no such issue, 404", async () => {
  const issueId = (await makeIssue()).id;
  expect(await send<IssueTreeSummary>(treeSummaryRoute, { id: issueId })).toMatchObject({ status: 200, body: { executions: [] } });
  const missing = await send<{ error: { message: string } }>(treeSummaryRoute, { id: "ISSUE-999999" });
  expect(missing).toMatchObject({ status: 404, body: { error: { message: "Issue ISSUE-999999 not found" } } });
  const bad = await send<{ error: { message: string } }>(treeSummaryRoute, { id: "banana" });
  expect(bad.status).toBe(404);
  // The issue page's read: no rows for an issue without executions; no issue, no page.
  expect(await readIssuePage(issueId, { previewRows: 24 })).toMatchObject({ ok: true, value: { preview: { rows: [], total: 0 } } });
  expect(await readIssuePage("ISSUE-999999", { previewRows: 24 })).toMatchObject({ ok: false });
});
