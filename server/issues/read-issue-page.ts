import "server-only";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { historyPreview, type HistoryPreview } from "@/lib/executions/history-rows";
import type { Issue } from "@/lib/issues/schema";
import { ok, type Result } from "@/lib/result";
import { readIssueTree } from "@/server/executions/read-issue-tree";
import { getIssue } from "@/server/issues/get-issue";

export type IssuePageData = { issue: Issue; preview: HistoryPreview | null };

/**
 * What the issue page draws in its HTML: the issue, and (`previewRows` > 0)
 * the first rows of its History list, so the page shows them before its
 * scripts and its executions have loaded (app/issues/[id]/page.tsx). As JSON
 * values (no Dates), exactly as the API answers them: the browser's cache
 * takes the issue as if it had asked.
 */
export async function readIssuePage(id: string, { previewRows }: { previewRows: number }): Promise<Result<IssuePageData>> {
  const [issue, tree] = await Promise.all([getIssue(id), previewRows > 0 ? readIssueTree(id) : null]);
  if (!issue.ok) return issue;
  // The tree unreadable (the issue went between the two reads): the page without a preview.
  const preview = tree?.ok ? historyPreview(buildSessionTree(tree.value.executions), previewRows) : null;
  return ok(JSON.parse(JSON.stringify({ issue: issue.value, preview })) as IssuePageData);
}
