import "server-only";
import { lstat, rm } from "node:fs/promises";
import path from "node:path";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import { listWorktrees } from "./list-worktrees";
import { runGit } from "./run-git";
import { commonDirOf, readWorktreeRecords } from "./worktree-records";

export interface RemoveWorktreeInput {
  /** The project's main checkout. */
  repo: string;
  /** The worktree Arbor recorded. */
  path: string;
  /** The branch Arbor recorded for it (arbor/…): the only branch it may delete. */
  branch?: string | null;
  /** Also delete that branch (default: keep it; snapshots stay reachable through their own refs either way). */
  deleteBranch?: boolean;
}

export interface RemovedWorktree {
  path: string;
  /** Its directory was already gone. */
  wasMissing: boolean;
  /** git's record of it was removed (false: git no longer knew it). */
  recordRemoved: boolean;
  branch: string | null;
  branchDeleted: boolean;
  /** Why the branch stayed although deleting it was asked. */
  branchKept: string | null;
}

/** Branches Arbor makes for lines of work (worktree-names.ts). */
const ARBOR_BRANCH = /^arbor\//;

/**
 * Removes one linked worktree: its directory (uncommitted changes in it are
 * lost: snapshot first) and git's record of it — `worktree remove --force`
 * of that path, also when its directory is gone or its `.git` was rewritten;
 * never `worktree prune`, which would also forget any other worktree whose
 * disk is missing right now. Never the main checkout, never a directory the
 * repository does not record, never a branch other than the recorded arbor/ one.
 */
export async function removeWorktree(input: RemoveWorktreeInput): Promise<Result<RemovedWorktree, GitFailure>> {
  const target = path.resolve(input.path);
  if (target === path.resolve(input.repo)) {
    return failure("not_a_worktree", { message: `${input.path} is the repository's main checkout, which Arbor never removes` });
  }
  const recorded = (await readWorktreeRecords(await commonDirOf(input.repo))).some((r) => r.path === target);
  const exists = (await lstat(target).catch(() => null)) !== null;
  if (exists && !recorded) return failure("not_a_worktree", { message: `${input.path} is not a worktree of the repository at ${input.repo}` });
  if (recorded) {
    const removed = await runGit(input.repo, ["worktree", "remove", "--force", "--", target], { okExitCodes: [0, 128] });
    if (removed.exitCode !== 0) {
      // git refuses a worktree whose .git no longer points back at its record: the directory goes, then the record.
      await rm(target, { recursive: true, force: true });
      await runGit(input.repo, ["worktree", "remove", "--force", "--", target]);
    }
  }
  await rm(target, { recursive: true, force: true }); // ignored files git leaves behind
  const branch = input.branch ?? null;
  const outcome = { path: target, wasMissing: !exists, recordRemoved: recorded, branch, branchDeleted: false, branchKept: null as string | null };
  if (!input.deleteBranch || !branch) return ok(outcome);
  return ok({ ...outcome, ...(await deleteArborBranch(input.repo, branch)) });
}

async function deleteArborBranch(repo: string, branch: string): Promise<{ branchDeleted: boolean; branchKept: string | null }> {
  if (!ARBOR_BRANCH.test(branch)) return { branchDeleted: false, branchKept: `${branch} is not a branch Arbor made` };
  const user = (await listWorktrees(repo)).find((w) => w.branch === branch);
  if (user) return { branchDeleted: false, branchKept: `it is checked out in ${user.path}` };
  const deleted = await runGit(repo, ["update-ref", "-d", "--end-of-options", `refs/heads/${branch}`], { okExitCodes: [0, 1, 128] });
  return deleted.exitCode === 0 ? { branchDeleted: true, branchKept: null } : { branchDeleted: false, branchKept: "git could not delete it" };
}
