import "server-only";
import { randomBytes } from "node:crypto";
import { copyFile, open, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { ok, type Result } from "@/lib/result";
import { arborIdentityEnv } from "./commit-identity";
import { failure, type GitFailure } from "./git-failure";
import { openWorktree } from "./open-worktree";
import { pinCommit } from "./refs";
import { readRepositoryState } from "./repository-state";
import { runGit } from "./run-git";

export interface SnapshotInput {
  /** The project's main checkout: the repository whose record of the worktree is trusted (open-worktree.ts). */
  repo: string;
  /** The worktree whose state to record. */
  worktree: string;
  /** The snapshot commit's message. */
  message: string;
  /** A ref that keeps the snapshot reachable whatever later happens to the branch (snapshotRefName(executionId)). */
  pinRef?: string;
}

export interface Snapshot {
  /** The snapshot: a commit whose tree is the worktree's full state. HEAD itself when nothing changed. */
  sha: string;
  /** HEAD when the snapshot was taken (the agent's own last commit, or the start). */
  parentSha: string;
  /** False when the worktree held nothing uncommitted: `sha` is HEAD and no commit was made. */
  changed: boolean;
  /** The branch now points at the snapshot. False when HEAD was detached, the worktree was mid-operation, or the branch moved meanwhile: the snapshot is then only kept by `pinRef`. */
  onBranch: boolean;
  branch: string | null;
}

/**
 * Records the worktree's full state (tracked and untracked files, .gitignore
 * respected) as a commit on its branch, nothing pushed.
 *
 * The state is staged in a private copy of the worktree's index, so git's
 * stat cache makes this fast and the real index is never half-written. The
 * commit's parent is the current HEAD, so commits the agent made itself are
 * kept; the branch is moved with compare-and-swap, so a commit that lands
 * meanwhile is never overwritten. Afterwards the worktree reads as if its
 * changes had just been committed: same files, clean status.
 *
 * Every command names the git dir the project's repository records for the
 * worktree; a worktree whose `.git` says otherwise is refused
 * ("worktree_tampered") and nothing is written anywhere.
 */
export async function snapshotWorktree(input: SnapshotInput): Promise<Result<Snapshot, GitFailure>> {
  const opened = await openWorktree(input.repo, input.worktree);
  if (!opened.ok) return opened;
  const place = { gitDir: opened.value.gitDir, workTree: opened.value.path };
  const state = await readRepositoryState(opened.value.path, place);
  if (!state || state.topLevel !== opened.value.path) return failure("not_a_repository", { message: `${input.worktree} is not a git worktree` });
  if (!state.head) return failure("unknown_ref", { ref: "HEAD", message: `${input.worktree} has no commit to build on` });
  const head = state.head;
  const scratchIndex = path.join(state.gitDir, `arbor-snapshot-index-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    await copyIndex(path.join(state.gitDir, "index"), scratchIndex);
    const env = { GIT_INDEX_FILE: scratchIndex };
    await runGit(state.topLevel, ["add", "--all", "--", "."], { ...place, env });
    const tree = (await runGit(state.topLevel, ["write-tree"], { ...place, env })).stdout.trim();
    const headTree = (await runGit(state.topLevel, ["rev-parse", "--verify", "--end-of-options", `${head}^{tree}`], place)).stdout.trim();

    let snapshot: Snapshot;
    if (tree === headTree) {
      snapshot = { sha: head, parentSha: head, changed: false, onBranch: state.branch !== null, branch: state.branch };
    } else {
      const sha = (
        await runGit(state.topLevel, ["commit-tree", "--no-gpg-sign", "-p", head, "-F", "-", "--end-of-options", tree], {
          ...place,
          input: input.message,
          env: arborIdentityEnv(),
        })
      ).stdout.trim();
      let onBranch = false;
      if (state.branch && !state.operation) {
        // Only if the branch still points where we read it: never lose a commit.
        const moved = await runGit(state.topLevel, ["update-ref", "-m", "arbor: snapshot", "--end-of-options", `refs/heads/${state.branch}`, sha, head], {
          ...place,
          okExitCodes: [0, 1, 128],
        });
        onBranch = moved.exitCode === 0;
        if (onBranch) await adoptIndex(state.gitDir, scratchIndex);
      }
      snapshot = { sha, parentSha: head, changed: true, onBranch, branch: state.branch };
    }
    if (input.pinRef) await pinCommit(state.topLevel, input.pinRef, snapshot.sha, "arbor: snapshot", place);
    return ok(snapshot);
  } finally {
    await rm(scratchIndex, { force: true });
  }
}

/**
 * Copies the index with its own timestamps. git trusts an entry's stat data
 * (whole seconds of mtime and ctime, and the size) only when the file is
 * older than the index; a file changed within the second the index was
 * written is "racily clean" and its content is read. A copy with a fresh
 * mtime would hide that: a same-size edit made in the second of the checkout
 * would look unchanged and be missing from the snapshot.
 */
async function copyIndex(index: string, copy: string): Promise<void> {
  const times = await stat(index).catch(() => null);
  if (!times) return; // no index yet: git builds one
  await copyFile(index, copy);
  await utimes(copy, times.atime, times.mtime);
}

/**
 * Makes the staged copy the worktree's index (it matches the new HEAD, with
 * fresh stat data), under git's own index.lock so no git command sees a
 * half-written index. If the lock stays taken (a git command still running
 * there), the old index stays: git then lists the snapshot's changes as
 * staged reverts until `git reset`, but no file is touched.
 */
async function adoptIndex(gitDir: string, scratchIndex: string): Promise<void> {
  const lock = path.join(gitDir, "index.lock");
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  for (let attempt = 0; !handle && attempt < 20; attempt++) {
    handle = await open(lock, "wx").catch(() => undefined);
    if (!handle) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!handle) return;
  try {
    await rename(scratchIndex, path.join(gitDir, "index"));
  } finally {
    await handle.close();
    await rm(lock, { force: true });
  }
}
