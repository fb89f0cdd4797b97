import "server-only";
import type { ApplyResult, ApplyStrategy } from "@/lib/diff/schema";
import { shortId } from "@/lib/executions/format";
import { conflict, err, ok, type Result } from "@/lib/result";
import { applySnapshot } from "@/server/git/apply-snapshot";
import { catchGitErrors, gitFailureToAppError } from "@/server/git/git-failure";
import type { Execution } from "@/server/generated/prisma/client";
import { findExecutionSnapshot } from "./execution-snapshot";

/** The commit message when the person gives none. */
export function defaultApplyMessage(execution: Execution, strategy: ApplyStrategy, baseBranch: string): string {
  const firstLine = execution.prompt.split("\n")[0]!.trim();
  const summary = firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine;
  const source = execution.worktreeBranch ?? `execution ${shortId(execution.id)}`;
  const subject = strategy === "merge" ? `Merge ${source} into ${baseBranch}` : `${execution.issueId}: ${summary}`;
  return `${subject}\n\nApplied from Arbor execution ${execution.id} (${execution.issueId}).\n`;
}

/**
 * "Apply to <base branch>": brings an execution's snapshot into its project's
 * base branch in the main checkout, merged or squashed. Refuses (409, nothing
 * changed) when the checkout is dirty, on another branch, mid-operation, the
 * changes conflict (listing the files) or share no history with the base
 * branch. The repository's own hooks, filters and merge drivers run only
 * where the project allows them (runHooksOnApply).
 */
export async function applyExecution(rawId: string, input: { strategy: ApplyStrategy; message?: string }): Promise<Result<ApplyResult>> {
  const found = await findExecutionSnapshot(rawId, { checkout: true });
  if (!found.ok) return found;
  const { execution, project, repo, snapshotSha } = found.value;
  if (!project.baseBranch) return conflict(`${project.id} has no base branch to apply to: set one first`, { reason: "no_base_branch" });
  const baseBranch = project.baseBranch;
  const message = input.message ?? defaultApplyMessage(execution, input.strategy, baseBranch);
  return catchGitErrors(async () => {
    const applied = await applySnapshot({ repo, baseBranch, commit: snapshotSha, strategy: input.strategy, message, repositoryHooks: project.runHooksOnApply });
    if (!applied.ok) return err(gitFailureToAppError(applied.error));
    return ok({ executionId: execution.id, ...applied.value, message });
  });
}
