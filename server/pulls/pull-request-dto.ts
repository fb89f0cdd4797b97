import "server-only";
import { z } from "zod";
import { ciCheckSchema, reviewCommentSchema, reviewSchema, type PullRequest } from "@/lib/pulls/schema";
import type { PullRequest as PullRequestRow } from "@/server/generated/prisma/client";

// A pull_requests row as the API shows it. The JSON columns are parsed (a
// malformed one shows as empty, never a 500).

const list = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T>[] => {
  const parsed = z.array(schema).safeParse(value);
  return parsed.success ? parsed.data : [];
};

export function toPullRequestDto(row: PullRequestRow): PullRequest {
  const reviewComments = list(reviewCommentSchema, row.reviewComments);
  return {
    id: row.id,
    projectId: row.projectId,
    executionId: row.executionId,
    branch: row.branch,
    baseBranch: row.baseBranch,
    remote: row.remote,
    provider: row.provider,
    repository: row.repository,
    number: row.number,
    url: row.url,
    title: row.title,
    state: row.state === "merged" || row.state === "closed" ? row.state : "open",
    headSha: row.headSha,
    ciStatus: row.ciStatus === "pending" || row.ciStatus === "success" || row.ciStatus === "failure" ? row.ciStatus : null,
    checks: list(ciCheckSchema, row.ciDetails),
    reviewComments,
    reviewCommentCount: reviewComments.length,
    reviews: list(reviewSchema, row.reviews),
    lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
    nextPollAt: row.nextPollAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}
