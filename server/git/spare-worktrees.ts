import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import { resolveCommit } from "./refs";
import { runGit } from "./run-git";

// Checking out 10,000 files takes longer than a run should wait to start.
// So a repository may keep spare checkouts, made ahead of time (after a run
// started, in the background): createWorktree claims one with a rename and
// a branch switch that rewrites only the files that differ.

/** Spares are hidden directories next to the worktrees they become. */
export const SPARE_PREFIX = ".spare-";

/** A spare being made: checked out under this name, then renamed, so no one claims a half-written checkout. */
const STAGING_PREFIX = ".staging-spare-";

export function isSparePath(worktreePath: string): boolean {
  const name = path.basename(worktreePath);
  return name.startsWith(SPARE_PREFIX) || name.startsWith(STAGING_PREFIX);
}

/** Makes a spare checkout of `from` (detached HEAD, no branch) in `dir`, for createWorktree to claim. */
export async function prepareSpareWorktree(input: { repo: string; dir: string; from: string }): Promise<Result<string, GitFailure>> {
  const sha = await resolveCommit(input.repo, input.from);
  if (!sha) return failure("unknown_ref", { ref: input.from, message: `${input.from} does not name a commit in ${input.repo}` });
  await mkdir(input.dir, { recursive: true });
  const name = randomBytes(6).toString("hex");
  const staging = path.join(input.dir, `${STAGING_PREFIX}${name}`);
  const spare = path.join(input.dir, `${SPARE_PREFIX}${name}`);
  await runGit(input.repo, ["worktree", "add", "--quiet", "--detach", "--", staging, sha]);
  await runGit(input.repo, ["worktree", "move", "--", staging, spare]);
  return ok(spare);
}

/** Spares waiting in `dir`, oldest name first. */
export async function listSpares(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(SPARE_PREFIX))
    .sort()
    .map((n) => path.join(dir, n));
}

/**
 * Moves one of the spares in `dir` to `target` (git's `worktree move`, a
 * rename: when two claim the same spare, one wins and the other tries the
 * next). Returns whether one was claimed.
 */
export async function claimSpare(repo: string, dir: string, target: string): Promise<boolean> {
  for (const spare of await listSpares(dir)) {
    const moved = await runGit(repo, ["worktree", "move", "--", spare, target], { okExitCodes: [0, 128] });
    if (moved.exitCode === 0) return true;
  }
  return false;
}
