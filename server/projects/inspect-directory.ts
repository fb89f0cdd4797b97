import "server-only";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { err, invalidField, ok, type Result } from "@/lib/result";
import { loadConfig, type ArborConfig } from "@/server/config/load-config";
import { GitError } from "@/server/git/git-error";
import { gitErrorToAppError } from "@/server/git/git-failure";
import { describeOperation, readRepositoryState, type RepositoryState } from "@/server/git/repository-state";
import { directoryRelation, isWithin } from "./directory-relation";
import { registeredDirectories } from "./registered-directories";
import { defaultWorkspace, outsideRootsMessage, realDirectory } from "./workspace-directories";

export interface DirectoryFacts {
  /** Real path (symlinks resolved). */
  path: string;
  /** Null when the directory is not a git repository. */
  git: RepositoryState | null;
}

/**
 * Checks a directory a person wants to register. Registering is the person's
 * consent to agents working there, so any directory will do — unless the
 * operator capped them (ARBOR_WORKSPACE_ROOTS: it must resolve inside), or it
 * is, holds or lies in the default workspace (where runs without a project
 * share their files), Arbor's data directory (its database and worktrees) or
 * another registered project's directory: registered directories never nest,
 * so no run of one can write into another's main checkout. In a git
 * repository it must be the top level, not in the middle of a rebase or merge.
 */
export async function inspectDirectory(raw: string, config: ArborConfig = loadConfig()): Promise<Result<DirectoryFacts>> {
  if (!path.isAbsolute(raw)) {
    return invalidField("path", `${raw} is not an absolute path: give the directory's full path on the server (like /home/me/code/shop)`);
  }
  const resolved = await realDirectory(raw, config, "path");
  // realDirectory names the field first; a field error does that itself.
  if (!resolved.ok) return invalidField("path", resolved.error.message.replace(/^path /, ""));
  const real = resolved.value;
  const refusal = await placeProblem(real, config);
  if (refusal) return invalidField("path", refusal);
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

const RELATION_WORDS = { same: "is", inside: "is inside", contains: "contains" } as const;

/** Why `real` cannot be a project's directory, in words; null when it can. (Already registered: the caller says so.) */
async function placeProblem(real: string, config: ArborConfig): Promise<string | null> {
  if (config.workspaceCap) {
    const cap = await Promise.all(config.workspaceCap.map((root) => realpath(root).catch(() => root)));
    if (!cap.some((root) => isWithin(real, root))) return outsideRootsMessage(real, cap, config);
  }
  const workspace = await defaultWorkspace(config);
  const aroundWorkspace = directoryRelation(real, workspace);
  if (aroundWorkspace) {
    return `${real} ${RELATION_WORDS[aroundWorkspace]} Arbor's default workspace (${workspace}), where runs without a project share their files: register a directory outside it (or move the default workspace with ARBOR_WORKSPACE)`;
  }
  const dataDir = await realpath(config.dataDir).catch(() => config.dataDir);
  const aroundData = directoryRelation(real, dataDir);
  if (aroundData) {
    return `${real} ${RELATION_WORDS[aroundData]} Arbor's data directory (${dataDir}: its database, worktrees and agent homes): register a directory outside it (or move the data directory with ARBOR_DATA_DIR)`;
  }
  for (const project of await registeredDirectories()) {
    const relation = directoryRelation(real, project.path);
    if (relation === "inside" || relation === "contains") {
      return `${real} ${RELATION_WORDS[relation]} the directory of ${project.id} (${project.name}, ${project.path}): registered directories never nest, so no run in one can write into the other's files`;
    }
  }
  return null;
}
