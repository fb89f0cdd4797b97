import "server-only";
import { err, invalidField, ok, type Result } from "@/lib/result";
import { resolveCwd } from "@/server/executions/resolve-cwd";
import { GitError } from "@/server/git/git-error";
import { gitErrorToAppError } from "@/server/git/git-failure";
import { describeOperation, readRepositoryState, type RepositoryState } from "@/server/git/repository-state";

export interface DirectoryFacts {
  /** Real path, inside ARBOR_WORKSPACE_ROOTS. */
  path: string;
  /** Null when the directory is not a git repository. */
  git: RepositoryState | null;
}

/**
 * Checks a directory a person wants to register: it must resolve inside the
 * workspace roots (the same check as an execution's cwd), be a directory,
 * and, when it is in a git repository, be that repository's top level and
 * not in the middle of a rebase or merge.
 */
export async function inspectDirectory(raw: string): Promise<Result<DirectoryFacts>> {
  const resolved = await resolveCwd(raw);
  // resolveCwd speaks of "cwd"; here the field is the project's path.
  if (!resolved.ok) return invalidField("path", resolved.error.message.replace(/^cwd /, ""));
  const real = resolved.value;
  let git: RepositoryState | null;
  try {
    // What the directory belongs to: git looks further up, so a subdirectory of a repository is told apart.
    git = await readRepositoryState(real, { discover: true });
  } catch (error) {
    if (error instanceof GitError) return err(gitErrorToAppError(error));
    throw error;
  }
  if (git && git.topLevel !== real) {
    return invalidField("path", `${real} is inside the git repository ${git.topLevel} but is not its top level: register ${git.topLevel} instead`);
  }
  if (git?.operation) {
    return err({
      code: "conflict",
      message: `The repository at ${real} is ${describeOperation(git.operation)}: finish or abort it first`,
      details: { reason: "busy", operation: git.operation },
    });
  }
  return ok({ path: real, git });
}
