import "server-only";
import { ok, type Result } from "@/lib/result";
import type { PullRequest } from "@/lib/pulls/schema";
import { findLinePullRequest } from "./find-line-pull-request";
import { toPullRequestDto } from "./pull-request-dto";

/** GET /api/executions/:id/pull-request: the line's PR, read from the forge first when the last read is older than 30 s. */
export async function getPullRequest(executionId: string): Promise<Result<PullRequest>> {
  const row = await findLinePullRequest(executionId, { refresh: "if_stale" });
  return row.ok ? ok(toPullRequestDto(row.value)) : row;
}
