import "server-only";
import { lstat, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import { readRepositoryState } from "./repository-state";
import { branchHead, isValidBranchName, pinCommit, resolveCommit } from "./refs";
import { runGit } from "./run-git";
import { openWorktree } from "./open-worktree";
import { claimSpare } from "./spare-worktrees";

export interface CreateWorktreeInput {
  /** Any checkout of the repository (normally the project's main checkout). */
  repo: string;
  /** The new worktree's directory; must not exist yet (its parents are created). */
  path: string;
  /** The new branch, e.g. worktreeBranchName(issueId, executionId). */
  branch: string;
  /** What it starts from: the base branch, or a commit such as a snapshot SHA. */
  from: string;
  /** A ref that keeps the start commit reachable (startRefName(executionId)); optional. */
  pinRef?: string;
  /** Where spare checkouts of this repository wait (prepareSpareWorktree): one is claimed when there, else a fresh checkout is made. */
  spareDir?: string;
}

export interface CreatedWorktree {
  path: string;
  branch: string;
  /** The commit the worktree starts at (HEAD of the new branch). */
  startSha: string;
  /** A spare checkout was claimed (fast) rather than a fresh one made. */
  fromSpare: boolean;
}

/**
 * Creates a worktree on a new branch, all or nothing: when anything fails,
 * the branch, the directory and git's record of that worktree (only that
 * one) are removed again, so no orphan is left behind. Nothing of the
 * repository runs (run-git.ts): no post-checkout hook, no smudge filter.
 */
export async function createWorktree(input: CreateWorktreeInput): Promise<Result<CreatedWorktree, GitFailure>> {
  const state = await readRepositoryState(input.repo);
  if (!state) return failure("not_a_repository", { message: `${input.repo} is not a git repository` });
  const startSha = await resolveCommit(input.repo, input.from);
  if (!startSha) return failure("unknown_ref", { ref: input.from, message: `${input.from} does not name a commit in ${input.repo}` });
  if (!(await isValidBranchName(input.repo, input.branch))) {
    return failure("invalid_name", { name: input.branch, message: `"${input.branch}" is not a valid branch name` });
  }
  if (await branchHead(input.repo, input.branch)) {
    return failure("already_exists", { what: "branch", name: input.branch, message: `branch ${input.branch} already exists` });
  }
  const target = path.resolve(input.path);
  if (
    await lstat(target).then(
      () => true,
      () => false,
    )
  ) {
    return failure("already_exists", { what: "path", name: target, message: `${target} already exists` });
  }
  await mkdir(path.dirname(target), { recursive: true });
  const fromSpare = input.spareDir ? await claimSpareAt(input.repo, input.spareDir, target, input.branch, startSha) : false;
  try {
    if (!fromSpare) {
      await runGit(input.repo, ["worktree", "add", "--quiet", "--no-track", "-b", input.branch, "--", target, startSha]);
    }
    if (input.pinRef) await pinCommit(input.repo, input.pinRef, startSha, `arbor: start of ${input.branch}`);
  } catch (error) {
    await undoWorktree(input.repo, target, input.branch, startSha);
    throw error;
  }
  return ok({ path: target, branch: input.branch, startSha, fromSpare });
}

/**
 * Claims a spare as `target` and puts it on the new branch at `startSha`
 * (only files that differ from the spare's commit are written). If the
 * switch fails, the claimed spare is thrown away and a fresh checkout follows.
 */
async function claimSpareAt(repo: string, spareDir: string, target: string, branch: string, startSha: string): Promise<boolean> {
  if (!(await claimSpare(repo, spareDir, target))) return false;
  // The spare waited in a directory an agent could have reached: its git dir is the repository's record of it, checked.
  const opened = await openWorktree(repo, target);
  const switched = opened.ok
    ? await runGit(target, ["checkout", "--quiet", "--no-track", "-b", branch, startSha, "--"], {
        gitDir: opened.value.gitDir,
        okExitCodes: [0, 1, 128],
      })
    : null;
  if (switched?.exitCode === 0) return true;
  await undoWorktree(repo, target, branch, startSha);
  return false;
}

/**
 * Best effort: nothing of a half-made worktree stays — its directory, git's
 * record of it (`worktree remove --force` forgets it also when its directory
 * is gone; never `worktree prune`, which would forget others too), and its
 * branch only while it still points at the start.
 */
async function undoWorktree(repo: string, target: string, branch: string, startSha: string): Promise<void> {
  await runGit(repo, ["worktree", "remove", "--force", "--", target], { okExitCodes: [0, 128] }).catch(() => {});
  await rm(target, { recursive: true, force: true }).catch(() => {});
  await runGit(repo, ["worktree", "remove", "--force", "--", target], { okExitCodes: [0, 128] }).catch(() => {});
  await runGit(repo, ["update-ref", "-d", "--end-of-options", `refs/heads/${branch}`, startSha], { okExitCodes: [0, 1, 128] }).catch(() => {});
}
