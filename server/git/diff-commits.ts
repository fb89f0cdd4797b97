import "server-only";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import type { DiffResult } from "@/lib/diff/types";
import { combineDiffListings, cutPatchAtFileBoundary } from "./parse-diff-output";
import { resolveCommit } from "./refs";
import { runGit } from "./run-git";

export const DEFAULT_MAX_PATCH_BYTES = 2 * 1024 * 1024;

/** Files with +/− counts and the patch (shape shared with the API: lib/diff/types.ts). */
export type CommitDiff = DiffResult;

// Same options for every listing, so the file lists agree: renames found,
// no external diff drivers or text conversion, paths as they are.
const DIFF_OPTIONS = ["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--find-renames"];

/** What changed from one commit to another: the files with +/− counts, and the patch. */
export async function diffCommits(repo: string, from: string, to: string, options: { maxPatchBytes?: number } = {}): Promise<Result<CommitDiff, GitFailure>> {
  const maxPatchBytes = options.maxPatchBytes ?? DEFAULT_MAX_PATCH_BYTES;
  const [fromSha, toSha] = await Promise.all([resolveCommit(repo, from), resolveCommit(repo, to)]);
  if (!fromSha) return failure("unknown_ref", { ref: from, message: `commit ${from} is not in the repository at ${repo} (was it garbage-collected?)` });
  if (!toSha) return failure("unknown_ref", { ref: to, message: `commit ${to} is not in the repository at ${repo} (was it garbage-collected?)` });
  const [nameStatus, numstat, patch] = await Promise.all([
    runGit(repo, [...DIFF_OPTIONS, "-z", "--name-status", fromSha, toSha, "--"]),
    runGit(repo, [...DIFF_OPTIONS, "-z", "--numstat", fromSha, toSha, "--"]),
    runGit(repo, [...DIFF_OPTIONS, fromSha, toSha, "--"], { maxStdoutBytes: maxPatchBytes }),
  ]);
  const files = combineDiffListings(nameStatus.stdout, numstat.stdout);
  return ok({
    from: fromSha,
    to: toSha,
    files,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    patch: patch.truncated ? cutPatchAtFileBoundary(patch.stdout) : patch.stdout,
    truncated: patch.truncated,
    maxPatchBytes,
  });
}
