import type { SessionTreeNode } from "@/lib/executions/tree-schema";

export type HistoryRow = { node: SessionTreeNode; depth: number };

/**
 * The first rows of an issue's History list, drawn in the page's HTML before
 * its scripts and its executions have loaded (app/issues/[id]/page.tsx):
 * each node without its children (the rows are all the preview shows), and
 * how many rows the whole list has.
 */
export type HistoryPreview = { rows: HistoryRow[]; total: number };

const HISTORY_ORDER: Record<SessionTreeNode["edge"], number> = { fork: 0, root: 1, restarted: 2, continue: 3 };

/** A node of any tree of executions (the whole DTOs, or the fields a preview is placed from). */
type Shaped<N> = { edge: SessionTreeNode["edge"]; children: N[] };

/** Depth-first rows: a chain (original → continuation → …, and a restart where the chain goes on) stays at one depth, forks indent under their source. */
export function historyRows<N extends Shaped<N> = SessionTreeNode>(roots: N[]): { node: N; depth: number }[] {
  const rows: { node: N; depth: number }[] = [];
  const stack: { node: N; depth: number }[] = [...roots].reverse().map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const row = stack.pop()!;
    rows.push(row);
    const children = [...row.node.children].sort((a, b) => HISTORY_ORDER[a.edge] - HISTORY_ORDER[b.edge]);
    // Forks first (indented), then restarts and the continuation (same depth), so a chain reads top to bottom.
    for (const child of children.reverse()) stack.push({ node: child, depth: child.edge === "fork" ? row.depth + 1 : row.depth });
  }
  return rows;
}

/**
 * Rows in the preview: enough to fill a tall window below the run form
 * (24 rows of 53–77 px: 1,270–1,850 px), few enough that the HTML stays
 * small (each row is ~2 KB of markup and ~1 KB of data for hydration).
 */
export const HISTORY_PREVIEW_ROWS = 24;
