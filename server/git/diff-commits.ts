import "server-only";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import type { DiffResult } from "@/lib/diff/schema";
import { combineDiffListings, cutPatchAtFileBoundary } from "./parse-diff-output";
import { resolveCommit } from "./refs";
import { runGit } from "./run-git";

export const DEFAULT_MAX_PATCH_BYTES = 2 * 1024 * 1024;
/** The file listings are cut here (a line of work that touched a million files); the result says `truncated`. */
const MAX_LISTING_BYTES = 16 * 1024 * 1024;
/** A diff a page waits for: rename detection over a huge change may not take longer. */
const DIFF_TIMEOUT_MS = 60_000;

/** Files with +/− counts and the patch (shape shared with the API: lib/diff/schema.ts). */
export type CommitDiff = DiffResult;

// Same options for every listing, so the file lists agree: renames found,
// paths as they are (run-git.ts adds --no-ext-diff --no-textconv to every
// diff). Only objects are read: two commits, never a work tree.
const DIFF_OPTIONS = ["diff", "--no-color", "--find-renames"];
const RUN = { config: [["core.quotePath", "false"]] as const, timeoutMs: DIFF_TIMEOUT_MS };

/** What changed from one commit to another: the files with +/− counts, and the patch. */
export async function diffCommits(repo: string, from: string, to: string, options: { maxPatchBytes?: number } = {}): Promise<Result<CommitDiff, GitFailure>> {
  const maxPatchBytes = options.maxPatchBytes ?? DEFAULT_MAX_PATCH_BYTES;
  const [fromSha, toSha] = await Promise.all([resolveCommit(repo, from), resolveCommit(repo, to)]);
  if (!fromSha) return failure("unknown_ref", { ref: from, message: `commit ${from} is not in the repository at ${repo} (was it garbage-collected?)` });
  if (!toSha) return failure("unknown_ref", { ref: to, message: `commit ${to} is not in the repository at ${repo} (was it garbage-collected?)` });
  return ok(await diffObjects(repo, fromSha, toSha, { maxPatchBytes }));
}

/**
 * The same for two object ids already known to be in the repository: commits,
 * or a tree (what a merge computed in the object store would give: the
 * preview of an Apply).
 */
export async function diffObjects(repo: string, fromSha: string, toSha: string, options: { maxPatchBytes?: number } = {}): Promise<CommitDiff> {
  const maxPatchBytes = options.maxPatchBytes ?? DEFAULT_MAX_PATCH_BYTES;
  const [nameStatus, numstat, patch] = await Promise.all([
    runGit(repo, [...DIFF_OPTIONS, "-z", "--name-status", "--end-of-options", fromSha, toSha, "--"], { ...RUN, maxStdoutBytes: MAX_LISTING_BYTES }),
    runGit(repo, [...DIFF_OPTIONS, "-z", "--numstat", "--end-of-options", fromSha, toSha, "--"], { ...RUN, maxStdoutBytes: MAX_LISTING_BYTES }),
    runGit(repo, [...DIFF_OPTIONS, "--end-of-options", fromSha, toSha, "--"], { ...RUN, maxStdoutBytes: maxPatchBytes }),
  ]);
  const listingCut = nameStatus.truncated || numstat.truncated;
  // A cut listing may end inside an entry: its last one is dropped.
  const files = combineDiffListings(nameStatus.stdout, numstat.stdout).slice(0, listingCut ? -1 : undefined);
  return {
    from: fromSha,
    to: toSha,
    files,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    patch: patch.truncated ? cutPatchAtFileBoundary(patch.stdout) : patch.stdout,
    truncated: patch.truncated || listingCut,
    maxPatchBytes,
  };
}
