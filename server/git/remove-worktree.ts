import "server-only";
import { realpath, rm } from "node:fs/promises";
import path from "node:path";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import { listWorktrees } from "./list-worktrees";
import { runGit } from "./run-git";

export interface RemoveWorktreeInput {
  /** Any checkout of the repository. */
  repo: string;
  /** The worktree to remove. */
  path: string;
  /** Also delete its branch (default: keep it; snapshots stay reachable through their own refs either way). */
  deleteBranch?: boolean;
}

export interface RemovedWorktree {
  path: string;
  branch: string | null;
  /** The directory was already gone; git's record of it was pruned. */
  wasMissing: boolean;
  branchDeleted: boolean;
}

/**
 * Removes a linked worktree: its directory (uncommitted changes in it are
 * lost: snapshot first) and git's record of it. Never the main checkout.
 */
export async function removeWorktree(input: RemoveWorktreeInput): Promise<Result<RemovedWorktree, GitFailure>> {
  const target = await realpath(input.path).catch(() => path.resolve(input.path));
  const worktrees = await listWorktrees(input.repo);
  const entry = worktrees.find((w) => w.path === target || w.path === path.resolve(input.path));
  if (!entry) return failure("not_a_worktree", { message: `${input.path} is not a worktree of the repository at ${input.repo}` });
  if (entry.main) return failure("not_a_worktree", { message: `${input.path} is the repository's main checkout, which Arbor never removes` });
  if (entry.missing) await runGit(input.repo, ["worktree", "prune"]);
  else {
    await runGit(input.repo, ["worktree", "remove", "--force", "--", entry.path]);
    await rm(entry.path, { recursive: true, force: true }); // ignored files git leaves behind
  }
  let branchDeleted = false;
  if (input.deleteBranch && entry.branch) {
    const deleted = await runGit(input.repo, ["update-ref", "-d", `refs/heads/${entry.branch}`], { okExitCodes: [0, 1, 128] });
    branchDeleted = deleted.exitCode === 0;
  }
  return ok({ path: entry.path, branch: entry.branch, wasMissing: entry.missing, branchDeleted });
}
