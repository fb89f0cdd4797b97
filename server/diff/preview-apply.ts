import "server-only";
import { stat } from "node:fs/promises";
import type { ApplyBlocker, ApplyPreview } from "@/lib/diff/schema";
import { conflict, err, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { checkoutProblem, driversProblem } from "@/server/git/apply-readiness";
import { diffObjects } from "@/server/git/diff-commits";
import { catchGitErrors, gitFailureToAppError, type GitFailure } from "@/server/git/git-failure";
import { mergeIntoBase } from "@/server/git/merge-into-base";
import { branchHead, mergeBase, resolveCommit } from "@/server/git/refs";
import { defaultApplyMessage } from "./apply-execution";
import { findExecutionSnapshot } from "./execution-snapshot";

/**
 * What "Apply this line" would give the base branch, decided the way Apply
 * decides it but without touching anything or running any of the
 * repository's code: the merge of the execution's snapshot into the base
 * branch's head now, computed in git's object store. A clean merge shows
 * exactly what the base branch receives (its head → the merged files, the
 * whole line of work, not one turn); conflicts list the files and show what
 * the line changed since it left the base branch. What would make Apply
 * refuse right now (a dirty main checkout, another branch checked out, the
 * repository's own drivers) is said beside it, not instead of it. Refused
 * (409) only where there is nothing to preview: no snapshot, no base branch,
 * or a line that shares no history with it.
 */
export async function previewApply(rawId: string, options: { maxPatchBytes?: number } = {}): Promise<Result<ApplyPreview>> {
  const found = await findExecutionSnapshot(rawId, { checkout: true });
  if (!found.ok) return found;
  const { execution, project, repo, snapshotSha } = found.value;
  if (!project.baseBranch) return conflict(`${project.id} has no base branch to apply to: set one first`, { reason: "no_base_branch" });
  const baseBranch = project.baseBranch;
  return catchGitErrors(async (): Promise<Result<ApplyPreview>> => {
    const [baseHead, snapshot] = await Promise.all([branchHead(repo, baseBranch), resolveCommit(repo, snapshotSha)]);
    if (!baseHead)
      return conflict(`The base branch ${baseBranch} of ${project.id} no longer exists: choose another one on the project's page.`, {
        reason: "base_branch_missing",
      });
    if (!snapshot) return conflict(`The snapshot ${snapshotSha.slice(0, 12)} is no longer in the repository at ${repo}.`, { reason: "unknown_ref" });
    const base = await mergeBase(repo, baseHead, snapshot);
    if (!base) {
      return err(
        gitFailureToAppError({
          kind: "unrelated_histories",
          message: `This line of work has no history in common with ${baseBranch}: applying it would join two unrelated projects, so Apply refuses it.`,
        }),
      );
    }
    // The preview never runs the repository's code, whatever Apply may.
    const [merged, blocked, lineHeadId, worktreePath] = await Promise.all([
      mergeIntoBase(repo, baseHead, snapshot, "safe"),
      blockerOf(repo, baseBranch, project.runHooksOnApply),
      lineHead(execution.id, execution.worktreePath),
      existingDirectory(execution.worktreePath),
    ]);
    const diff =
      merged.kind === "clean"
        ? await diffObjects(repo, baseHead, merged.tree, options)
        : merged.kind === "conflicts"
          ? await diffObjects(repo, base, snapshot, options)
          : await diffObjects(repo, baseHead, baseHead, options);
    return ok({
      executionId: execution.id,
      projectId: project.id,
      baseBranch,
      baseHead,
      snapshot,
      branch: execution.worktreeBranch,
      lineHeadId,
      worktreePath,
      merge: merged.kind,
      conflicts: merged.kind === "conflicts" ? merged.files : [],
      diff,
      blocked,
      defaultStrategy: "squash",
      defaultMessages: {
        squash: defaultApplyMessage(execution, "squash", baseBranch),
        merge: defaultApplyMessage(execution, "merge", baseBranch),
      },
      repositoryHooks: project.runHooksOnApply,
    });
  });
}

/** What would make Apply refuse right now: the main checkout's state, else (in safe mode) the repository's own drivers. */
async function blockerOf(repo: string, baseBranch: string, repositoryHooks: boolean): Promise<ApplyBlocker | null> {
  const problem: GitFailure | null = (await checkoutProblem(repo, baseBranch)) ?? (repositoryHooks ? null : await driversProblem(repo, baseBranch));
  if (!problem) return null;
  return { reason: problem.kind, message: problem.message, ...(problem.kind === "dirty" ? { files: problem.files } : {}) };
}

/** The latest turn that worked in the same worktree: the head of this line of work. */
async function lineHead(executionId: string, worktreePath: string | null): Promise<string> {
  if (!worktreePath) return executionId;
  const head = await prisma.execution.findFirst({ where: { worktreePath }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
  return head?.id ?? executionId;
}

async function existingDirectory(dir: string | null): Promise<string | null> {
  if (!dir) return null;
  return stat(dir).then(
    (s) => (s.isDirectory() ? dir : null),
    () => null,
  );
}
