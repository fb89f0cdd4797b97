import "server-only";
import { constants } from "node:fs";
import { access, lstat, open, realpath } from "node:fs/promises";
import path from "node:path";
import { inheritedEnv } from "@/server/config/load-config";

// Every new run in a git project asks which commit its base branch names
// (resolve-run-place.ts). A git process costs the web server a fork of its own
// large process (≈ 12 ms measured); the answer is usually one small file. So,
// for the common repository only, the branch is read from the repository's
// files: `dir` is its top level with a `.git` directory of its own, owned by
// this user (git's safe.directory rule), no config that moves the work tree or
// makes it bare, refs kept as files (not reftable), and the branch a commit id
// in a loose ref or in packed-refs. Anything else (a branch that is not there,
// a symbolic ref, a linked worktree's `.git` file, an unusual config, no git
// on PATH at all) is null: ask git, which says why in its own words. The repository is not
// trusted (docs/topics/git-safety.md): no symlink is followed, and nothing
// of it runs; an id read here is only a name git looks up when the run's
// worktree is made.

/** A branch name that is one plain path under refs/heads (git's own rules are wider: those names go to git). */
export const PLAIN_BRANCH = /^(?![./-])(?!.*(?:\.\.|\/\/|\/\.|\.lock(?:\/|$)))[A-Za-z0-9._/-]+(?<![./])$/;
const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
// Config that changes where the work tree or the refs are, or which config applies: leave those to git.
const UNUSUAL_CONFIG = /^\s*(?:\[\s*include|worktree\s*=|bare\s*=\s*(?:true|yes|on|1)\b|refstorage\s*=|worktreeconfig\s*=\s*(?:true|yes|on|1)\b)/im;

export type BranchFromFiles = { topLevel: string; gitDir: string; commit: string };

/** A regular file's text, never through a symlink (ENOENT: ""; anything else: null). */
async function readPlainFile(file: string): Promise<string | null> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : null));
  if (handle === "" || handle === null) return handle;
  try {
    return (await handle.stat()).isFile() ? await handle.readFile("utf8") : null;
  } finally {
    await handle.close();
  }
}

async function ownDirectory(file: string): Promise<boolean> {
  const stat = await lstat(file).catch(() => null);
  return Boolean(stat?.isDirectory() && stat.uid === process.getuid?.());
}

/** Whether `git` is on PATH: where it is not, git's own call says so (a 409 naming the fix, git-error.ts). */
async function gitOnPath(): Promise<boolean> {
  const dirs = (inheritedEnv().PATH ?? "").split(path.delimiter).filter(Boolean);
  const found = await Promise.all(
    dirs.map((dir) =>
      access(path.join(dir, "git"), constants.X_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.includes(true);
}

/** The commit refs/heads/<branch> names, read from `dir`'s repository files; null: ask git. */
export async function branchFromFiles(dir: string, branch: string): Promise<BranchFromFiles | null> {
  if (process.getuid === undefined || !PLAIN_BRANCH.test(branch) || !(await gitOnPath())) return null;
  const topLevel = await realpath(dir).catch(() => null);
  if (!topLevel || topLevel !== path.resolve(dir)) return null; // a symlink on the way: git names the real path
  const gitDir = path.join(topLevel, ".git");
  if (!(await ownDirectory(topLevel)) || !(await ownDirectory(gitDir))) return null;
  const [head, config] = await Promise.all([readPlainFile(path.join(gitDir, "HEAD")), readPlainFile(path.join(gitDir, "config"))]);
  if (!head || !config || UNUSUAL_CONFIG.test(config)) return null;
  const name = `refs/heads/${branch}`;
  // Its directories too must be the repository's own, not a symlink out of it.
  const refDir = await realpath(path.dirname(path.join(gitDir, name))).catch(() => null);
  if (refDir && refDir !== path.join(gitDir, path.dirname(name))) return null;
  const loose = refDir ? await readPlainFile(path.join(gitDir, name)) : "";
  if (loose === null) return null;
  const commit = loose ? loose.trim() : await packedRef(gitDir, name);
  return commit && OBJECT_ID.test(commit) ? { topLevel, gitDir, commit } : null;
}

/** The id packed-refs gives `name` (null when it has none). */
async function packedRef(gitDir: string, name: string): Promise<string | null> {
  const packed = await readPlainFile(path.join(gitDir, "packed-refs"));
  for (const line of (packed ?? "").split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0 && line.slice(space + 1) === name && !line.startsWith("#") && !line.startsWith("^")) return line.slice(0, space);
  }
  return null;
}
