import "server-only";
import { conflict, ok, type Result } from "@/lib/result";
import type { ExecutionDto, Pushed } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { getExecution } from "@/server/executions/get-execution";
import { catchGitErrors } from "@/server/git/git-failure";
import { pushBranch } from "@/server/git/push-branch";
import { lineContext, type LineContext } from "./line-context";

// POST /api/executions/:id/push: the line's branch (arbor/…) on the project's
// remote, set to this turn's snapshot. Pushing an earlier turn of a line whose
// later turn was pushed is refused by the remote as a non-fast-forward, with
// git's reason: Arbor never forces.

/** Pushes and records `pushed` on the execution; the updated execution. */
export async function pushExecution(executionId: string): Promise<Result<ExecutionDto>> {
  const context = await lineContext(executionId);
  if (!context.ok) return context;
  const pushed = await pushLine(context.value);
  if (!pushed.ok) return pushed;
  return getExecution(context.value.execution.id);
}

/** The push itself, for callers that already hold the line's context (opening a PR). */
export async function pushLine(context: LineContext): Promise<Result<Pushed>> {
  const { execution, project, remote } = context;
  const result = await catchGitErrors(async () => {
    const r = await pushBranch({ repo: project.path, remote, branch: execution.worktreeBranch, commit: execution.snapshotSha });
    return r.ok ? r : conflict(r.error.message, { reason: r.error.kind === "rejected" ? "push_rejected" : r.error.kind, git: r.error.reason ?? null });
  });
  if (!result.ok) return result;
  const pushed: Pushed = { branch: execution.worktreeBranch, commit: execution.snapshotSha, remote, at: new Date().toISOString() };
  await prisma.execution.update({ where: { id: execution.id }, data: { pushed } });
  return ok(pushed);
}
