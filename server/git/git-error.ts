import "server-only";

/**
 * Thrown when git itself cannot be run or a git command fails unexpectedly.
 * Expected outcomes (conflicts, a dirty checkout, an unknown ref…) are not
 * errors: operations return them as a `GitFailure` (./git-failure.ts).
 */
export class GitError extends Error {
  constructor(
    /**
     * "git_missing": no `git` on PATH; "unsafe_ownership": git refuses a repository owned by
     * another user (safe.directory); "failed": a command exited non-zero or could not start;
     * "timeout": a command took longer than its time budget and was stopped.
     */
    readonly kind: "git_missing" | "unsafe_ownership" | "failed" | "timeout",
    message: string,
    readonly details: { args?: readonly string[]; cwd?: string; exitCode?: number | null; stderr?: string } = {},
  ) {
    super(message);
    this.name = "GitError";
  }
}

export const GIT_MISSING_MESSAGE = "git was not found on the server's PATH: install git (e.g. apt-get install git) so Arbor can work with repositories";

export function isGitError(error: unknown): error is GitError {
  return error instanceof GitError;
}
