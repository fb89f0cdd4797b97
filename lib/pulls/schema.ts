import { z } from "zod";
import { requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { formatCount } from "@/lib/format";

// Push and pull requests (issue 25): the bodies the API takes, and its
// answers (below "Responses"). Shared by the UI, the CLI and the server.

export const PR_TITLE_MAX = 256;
export const PR_BODY_MAX = 60_000;

/** POST /api/executions/:id/pull-request { title?, body? }: both optional, Arbor writes them from the session. */
export const createPullRequestSchema = requestObject({
  title: text({ error: "title must be text" })
    .trim()
    .min(1, "title must not be empty")
    .max(PR_TITLE_MAX, `title must be at most ${PR_TITLE_MAX} characters`)
    .optional(),
  body: text({ error: "body must be text" })
    .max(PR_BODY_MAX, `body must be at most ${formatCount(PR_BODY_MAX)} characters`)
    .optional(),
});
export type CreatePullRequestInput = z.infer<typeof createPullRequestSchema>;

// ---- Responses ----------------------------------------------------------

export const PULL_REQUEST_STATES = ["open", "closed", "merged"] as const;
export const CI_STATUSES = ["pending", "success", "failure"] as const;

/** One check run or commit status on the PR's head commit. */
export const ciCheckSchema = z.object({
  name: z.string(),
  /** "check_run" (GitHub Actions and apps) or "status" (the combined status API). */
  source: z.enum(["check_run", "status"]),
  status: z.enum(CI_STATUSES),
  /** GitHub's own word: success, failure, timed_out, cancelled, neutral, skipped, error, pending… */
  conclusion: z.string().nullable(),
  /** What it reported: the check run's title and summary (and text, cut), or the status's description. */
  summary: z.string().nullable(),
  url: z.string().nullable(),
});
export type CiCheck = z.infer<typeof ciCheckSchema>;

/** A review comment on a line of the diff. */
export const reviewCommentSchema = z.object({
  path: z.string(),
  /** The line in the PR's head version; null when the comment is outdated (its line changed since). */
  line: z.number().int().nullable(),
  body: z.string(),
  author: z.string().nullable(),
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** A review as a whole: APPROVED, CHANGES_REQUESTED, COMMENTED…, with its body. */
export const reviewSchema = z.object({ state: z.string(), body: z.string(), author: z.string().nullable() });
export type Review = z.infer<typeof reviewSchema>;

/** GET/POST /api/executions/:id/pull-request */
export const pullRequestSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  /** The execution it was opened from (its line's head then). */
  executionId: z.string().nullable(),
  branch: z.string(),
  baseBranch: z.string(),
  remote: z.string(),
  provider: z.string(),
  /** owner/repo */
  repository: z.string(),
  number: z.number().int(),
  url: z.string(),
  title: z.string(),
  state: z.enum(PULL_REQUEST_STATES),
  headSha: z.string().nullable(),
  /** null: no CI reported on the head commit. */
  ciStatus: z.enum(CI_STATUSES).nullable(),
  checks: z.array(ciCheckSchema),
  reviewComments: z.array(reviewCommentSchema),
  reviewCommentCount: z.number().int(),
  reviews: z.array(reviewSchema),
  lastPolledAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  /** Why the last read from the forge failed (null: it worked). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** GET /api/issues/:id/pull-requests: the PRs, for its session tree (nodes by worktree branch). */
export const pullRequestListItemSchema = pullRequestSchema.pick({
  id: true,
  executionId: true,
  branch: true,
  number: true,
  url: true,
  title: true,
  state: true,
  ciStatus: true,
  reviewCommentCount: true,
});
export type PullRequestListItem = z.infer<typeof pullRequestListItemSchema>;
export const pullRequestListSchema = z.object({ items: z.array(pullRequestListItemSchema) });
