import "server-only";
import type { CompareDiff } from "@/lib/diff/schema";
import { conflict, err, ok, type Result } from "@/lib/result";
import { diffCommits } from "@/server/git/diff-commits";
import { catchGitErrors, gitFailureToAppError } from "@/server/git/git-failure";
import { findExecutionSnapshot } from "./execution-snapshot";

/** The files of two lines of work compared: execution a's snapshot → execution b's snapshot (same project). */
export async function compareExecutions(a: string, b: string, options: { maxPatchBytes?: number } = {}): Promise<Result<CompareDiff>> {
  const [left, right] = await Promise.all([findExecutionSnapshot(a), findExecutionSnapshot(b)]);
  if (!left.ok) return left;
  if (!right.ok) return right;
  if (left.value.project.id !== right.value.project.id) {
    return conflict(`The executions ran in different projects (${left.value.project.id} and ${right.value.project.id}): their files cannot be compared`, {
      reason: "different_projects",
    });
  }
  const { repo, project } = left.value;
  return catchGitErrors(async () => {
    const diff = await diffCommits(repo, left.value.snapshotSha, right.value.snapshotSha, options);
    if (!diff.ok) return err(gitFailureToAppError(diff.error));
    return ok({ ...diff.value, a: left.value.execution.id, b: right.value.execution.id, projectId: project.id });
  });
}
