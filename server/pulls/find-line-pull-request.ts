import "server-only";
import { conflict, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";
import type { PullRequest as PullRequestRow } from "@/server/generated/prisma/client";
import { isStale, refreshPullRequest } from "./refresh-pull-request";

// The pull request of an execution's line of work (one per project and
// branch), refreshed from the forge when stale or when asked to.

export async function findLinePullRequest(executionId: string, options: { refresh: "if_stale" | "always" }): Promise<Result<PullRequestRow>> {
  const found = await findExecution(executionId);
  if (!found.ok) return found;
  const { projectId, worktreeBranch } = found.value;
  const row = projectId && worktreeBranch ? await prisma.pullRequest.findUnique({ where: { projectId_branch: { projectId, branch: worktreeBranch } } }) : null;
  if (!row) {
    return conflict("This line of work has no pull request yet: open one first (POST /api/executions/:id/pull-request, arbor pr <id>)", {
      reason: "no_pull_request",
    });
  }
  if (options.refresh === "always" || isStale(row)) {
    const refreshed = await refreshPullRequest(row);
    // Asked to be fresh, a failed read says why; otherwise the last good read shows, with lastError.
    if (!refreshed.ok && options.refresh === "always") return refreshed;
    if (!refreshed.ok) return ok((await prisma.pullRequest.findUnique({ where: { id: row.id } })) ?? row);
    return ok(refreshed.value);
  }
  return ok(row);
}
