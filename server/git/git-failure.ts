import "server-only";
import { err, type AppError, type Err } from "@/lib/result";
import { GitError } from "./git-error";

/**
 * Expected outcomes of git operations that are not successes. Each carries a
 * sentence a person understands; services turn them into API errors with
 * `gitFailureToAppError`.
 */
export type GitFailure =
  | { kind: "not_a_repository"; message: string }
  | { kind: "unknown_ref"; message: string; ref: string }
  | { kind: "invalid_name"; message: string; name: string }
  | { kind: "already_exists"; message: string; what: "branch" | "path"; name: string }
  | { kind: "busy"; message: string; operation: string }
  | { kind: "detached_head"; message: string }
  | { kind: "wrong_branch"; message: string; current: string | null; expected: string }
  | { kind: "dirty"; message: string; files: string[] }
  | { kind: "conflicts"; message: string; files: string[] }
  | { kind: "would_overwrite"; message: string }
  | { kind: "not_a_worktree"; message: string }
  /** A worktree's `.git` (or git's view of it) is not what the project's repository records for it: Arbor does not run git there. */
  | { kind: "worktree_tampered"; message: string; path: string }
  /** The snapshot and the base branch share no commit: applying would join two unrelated histories. */
  | { kind: "unrelated_histories"; message: string }
  /** Apply in safe mode would need the repository's own filters or merge drivers to write its files. */
  | { kind: "repository_drivers"; message: string; filters: string[]; merges: string[] };

export const failure = <K extends GitFailure["kind"]>(kind: K, fields: Omit<Extract<GitFailure, { kind: K }>, "kind">): Err<GitFailure> =>
  err({ kind, ...fields } as GitFailure);

/** How a git failure reads in the API: state problems are 409s, bad names and refs 422s. */
export function gitFailureToAppError(f: GitFailure, field?: string): AppError {
  const { kind, message, ...rest } = f;
  const details: Record<string, unknown> = { reason: kind, ...rest };
  switch (kind) {
    case "unknown_ref":
    case "invalid_name":
    case "not_a_repository":
      return field
        ? { code: "validation_failed", message: `${field}: ${message}`, details: { ...details, fieldErrors: { [field]: [message] }, formErrors: [] } }
        : { code: "conflict", message, details };
    default:
      return { code: "conflict", message, details };
  }
}

/**
 * No git failure is a 5xx: git missing from PATH, a repository another user
 * owns, a command that failed (carrying git's own words, so a person can act
 * on them) or ran out of time are 409s: the repository or the server's
 * setup, not Arbor, must change.
 */
export function gitErrorToAppError(error: GitError): AppError {
  const reason = error.kind === "failed" ? "git_failed" : error.kind === "timeout" ? "git_timeout" : error.kind;
  return { code: "conflict", message: error.message, details: { reason } };
}

/** Runs `fn`; a GitError becomes an API error (logged when git failed) instead of an anonymous 500. */
export async function catchGitErrors<T>(fn: () => Promise<T>): Promise<T | Err<AppError>> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (error.kind === "failed" || error.kind === "timeout") console.error("[git]", error.message, { args: error.details.args, cwd: error.details.cwd });
    return err(gitErrorToAppError(error));
  }
}
