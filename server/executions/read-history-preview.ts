import "server-only";
import { buildTree, type TreeFields } from "@/lib/executions/build-session-tree";
import { historyRows, type HistoryPreview } from "@/lib/executions/history-rows";
import { dbPool } from "@/server/db-pool";
import { TREE_ROWS_FROM, treeInputFromRow } from "@/server/executions/read-issue-tree";

// The first rows of an issue's History list, for the issue page's HTML
// (server/issues/read-issue-page.ts). Their order depends on the whole tree,
// but the tree's shape needs only a few narrow columns of each execution:
// those are read for all of them, and whole rows for the `count` shown. For
// 1,000 executions the page's answer waited ~50–80 ms for the whole tree
// (read and built, as tree-summary does); this reads and places the same
// rows in a fraction of it (docs/performance.md, "UI at scale").

const SHAPE_SQL = `
  SELECT id, created_at AS "createdAt", parent_execution_id AS "parentExecutionId",
         forked_from_execution_id AS "forkedFromExecutionId", restarted_from_execution_id AS "restartedFromExecutionId",
         started_at AS "startedAt", status, error_code AS "errorCode"
    FROM executions
   WHERE issue_id = $1`;

const ROWS_SQL = `${TREE_ROWS_FROM}
   WHERE i.id = $1 AND e.id = ANY($2::uuid[])`;

type ShapeRow = {
  id: string;
  createdAt: Date;
  parentExecutionId: string | null;
  forkedFromExecutionId: string | null;
  restartedFromExecutionId: string | null;
  startedAt: Date | null;
  status: TreeFields["status"];
  errorCode: string | null;
};

/**
 * A row shows its prompt's first line and the whole of it as a tooltip; a
 * prompt can be 200,000 characters, and the page's HTML carries it twice (the
 * row, and its data for hydration): the preview's rows carry its start.
 */
export const PREVIEW_PROMPT_CHARS = 2_000;
const shortened = (prompt: string) => (prompt.length > PREVIEW_PROMPT_CHARS ? `${prompt.slice(0, PREVIEW_PROMPT_CHARS)}…` : prompt);

/** The first `count` rows of the issue's History list (each without its subtree), and how many rows it has. */
export async function readHistoryPreview(issueId: string, count: number): Promise<HistoryPreview> {
  const { rows } = await dbPool.query<ShapeRow>({ name: "arbor_history_shape", text: SHAPE_SQL, values: [issueId] });
  // The same ISO strings the DTOs carry, so the order is the one the browser's tree will have.
  const shape = rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    parentExecutionId: r.parentExecutionId,
    forkedFromExecutionId: r.forkedFromExecutionId,
    restartedFromExecutionId: r.restartedFromExecutionId,
    startedAt: r.startedAt?.toISOString() ?? null,
    status: r.status,
    error: r.errorCode ? { code: r.errorCode } : null,
  }));
  const placed = historyRows(buildTree(shape)).slice(0, count);
  if (placed.length === 0) return { rows: [], total: rows.length };
  const whole = await dbPool.query<Record<string, unknown>>({ name: "arbor_history_rows", text: ROWS_SQL, values: [issueId, placed.map((p) => p.node.id)] });
  const byId = new Map(whole.rows.map((row) => [row.id as string, treeInputFromRow(row)]));
  const previewRows: HistoryPreview["rows"] = [];
  for (const { node, depth } of placed) {
    const execution = byId.get(node.id);
    // Deleted between the two reads: the list goes on without it (the whole list, when it arrives, agrees).
    if (!execution) continue;
    previewRows.push({ node: { ...execution, prompt: shortened(execution.prompt), consulted: [], edge: node.edge, isHead: node.isHead, children: [] }, depth });
  }
  return { rows: previewRows, total: rows.length };
}
