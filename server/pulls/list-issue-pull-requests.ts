import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { PullRequestListItem } from "@/lib/pulls/schema";
import { prisma } from "@/server/db";
import { toPullRequestDto } from "./pull-request-dto";

/** GET /api/issues/:id/pull-requests: the PRs of the issue's lines of work, as stored (the poller keeps them fresh), for its session tree. */
export async function listIssuePullRequests(issueId: string): Promise<Result<{ items: PullRequestListItem[] }>> {
  const id = parseId("issue", issueId);
  const issue = id ? await prisma.issue.findUnique({ where: { id }, select: { id: true } }) : null;
  if (!issue) return notFound(notFoundMessage("issue", issueId));
  const rows = await prisma.pullRequest.findMany({
    where: { execution: { issueId: issue.id } },
    orderBy: { createdAt: "asc" },
  });
  return ok({
    items: rows.map(toPullRequestDto).map(({ id, executionId, branch, number, url, title, state, ciStatus, reviewCommentCount }) => ({
      id,
      executionId,
      branch,
      number,
      url,
      title,
      state,
      ciStatus,
      reviewCommentCount,
    })),
  });
}
