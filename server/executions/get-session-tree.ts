import "server-only";
import { ok, type Result } from "@/lib/result";
import type { SessionTreeNode } from "@/lib/executions/schema";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { readIssueTree } from "@/server/executions/read-issue-tree";

/** GET /api/issues/:id/session-tree (the CLI's): the issue's executions read flat, built into their tree here. */
export async function getSessionTree(rawIssueId: string): Promise<Result<{ roots: SessionTreeNode[] }>> {
  const flat = await readIssueTree(rawIssueId);
  if (!flat.ok) return flat;
  return ok({ roots: buildSessionTree(flat.value.executions) });
}
