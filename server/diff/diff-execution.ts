import "server-only";
import type { ExecutionDiff } from "@/lib/diff/schema";
import { err, ok, type Result } from "@/lib/result";
import { diffCommits } from "@/server/git/diff-commits";
import { catchGitErrors, gitFailureToAppError } from "@/server/git/git-failure";
import { findExecutionSnapshot } from "./execution-snapshot";

/** What an execution changed: its start commit → its snapshot. */
export async function diffExecution(rawId: string, options: { maxPatchBytes?: number } = {}): Promise<Result<ExecutionDiff>> {
  const found = await findExecutionSnapshot(rawId);
  if (!found.ok) return found;
  const { execution, project, repo, startSha, snapshotSha } = found.value;
  return catchGitErrors(async () => {
    const diff = await diffCommits(repo, startSha, snapshotSha, options);
    if (!diff.ok) return err(gitFailureToAppError(diff.error));
    return ok({ ...diff.value, executionId: execution.id, projectId: project.id, branch: execution.worktreeBranch, baseBranch: project.baseBranch });
  });
}
