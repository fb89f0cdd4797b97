import "server-only";
import { ok, type Result } from "@/lib/result";
import type { SessionTreeNode } from "@/lib/executions/schema";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { consultedRefsOfIssue } from "@/server/executions/consulted-refs";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { findIssueExecutionRows } from "@/server/executions/list-issue-executions";

export async function getSessionTree(rawIssueId: string): Promise<Result<{ roots: SessionTreeNode[] }>> {
  const rows = await findIssueExecutionRows(rawIssueId);
  if (!rows.ok) return rows;
  const consulted = rows.value.length ? await consultedRefsOfIssue(rows.value[0].issueId) : new Map<string, string[]>();
  return ok({ roots: buildSessionTree(rows.value.map((row) => ({ ...toExecutionDto(row), consulted: consulted.get(row.id) ?? [] }))) });
}
