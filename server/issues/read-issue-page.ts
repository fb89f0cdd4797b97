import "server-only";
import type { HistoryPreview } from "@/lib/executions/history-rows";
import type { Issue } from "@/lib/issues/schema";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import { readHistoryPreview } from "@/server/executions/read-history-preview";
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
  const issueId = parseId("issue", id);
  if (!issueId) return notFound(notFoundMessage("issue", id));
  // The preview is extra: when it cannot be read the page goes without it, the list loads as it always has.
  const [issue, preview] = await Promise.all([getIssue(issueId), previewRows > 0 ? readHistoryPreview(issueId, previewRows).catch(() => null) : null]);
  if (!issue.ok) return issue;
  return ok(JSON.parse(JSON.stringify({ issue: issue.value, preview })) as IssuePageData);
}
