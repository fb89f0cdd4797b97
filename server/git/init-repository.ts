import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { runGit } from "./run-git";

// Repositories Arbor makes for itself (issue 24): a project's bare store
// under ARBOR_GIT_STORE, and a runner's own clone of a project under its data
// directory. Made under a hidden name next to their place and renamed into
// it, so no one (another runner on the same shared disk, another turn of this
// one) ever sees a half-made repository; when two make one at once, one
// rename wins and the other's copy is thrown away.

/** Whether `dir` already holds a repository Arbor made (it is only ever renamed in whole). */
export async function repositoryExists(dir: string): Promise<boolean> {
  return stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/**
 * Makes `dir` a new repository unless it exists: bare for a store, else a
 * checkout with no files (worktrees are made from it; its own work tree
 * stays empty). `fill` runs in the staged copy before it is renamed into
 * place (a runner's clone fetches the store there). Returns whether this call made it.
 */
export async function initRepository(dir: string, options: { bare: boolean; fill?: (staged: string) => Promise<void> }): Promise<boolean> {
  if (await repositoryExists(dir)) return false;
  const parent = path.dirname(dir);
  await mkdir(parent, { recursive: true });
  const staged = path.join(parent, `.staging-${path.basename(dir)}-${randomBytes(4).toString("hex")}`);
  try {
    await runGit(parent, ["init", "--quiet", ...(options.bare ? ["--bare"] : []), "--", staged]);
    // Arbor's own repositories never run a hook, whoever calls git there (a person's push to the store too).
    await runGit(staged, ["config", "core.hooksPath", "/dev/null"]);
    await options.fill?.(staged);
    await rename(staged, dir);
    return true;
  } catch (error) {
    if (await repositoryExists(dir)) return false; // another made it meanwhile
    throw error;
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
}
