import { constants } from "node:fs";
import { copyFile, lstat, mkdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { openWorktree } from "@/server/git/open-worktree";
import { runGit } from "@/server/git/run-git";
import { isWithin } from "@/server/projects/directory-relation";
import { CopyBudget, isSafeRelativePath, worktreeIncludePatterns, type CopyLimits } from "@/server/runner/workspace/copy-rules";
import type { WorkspaceLog } from "@/server/runner/workspace/workspace-log";

// A new worktree has the commit's files only: what a person keeps ignored in
// the main checkout (`.env`, local configs) is missing. The project's
// copyFiles patterns and the repository's `.worktreeinclude` (both gitignore
// syntax, matched by git) name what to copy. A file is copied only when it is
// an untracked regular file of the main checkout (git does not list tracked
// ones, nor descends into symlinked directories; each is lstat'ed and its
// real path checked inside the checkout too) and the new worktree's git
// ignores that path: so a tracked file is never overwritten, and a copy
// never enters a snapshot, a diff or Apply. Nothing existing is replaced
// (COPYFILE_EXCL), nothing is written through a link out of the worktree,
// and the copies are bounded; each one, and each file left out, is said in
// the run's log. A copy that fails is logged and the run goes on.

const INCLUDE_FILE = ".worktreeinclude";
const MAX_INCLUDE_BYTES = 64 * 1024;
const LIST_TIMEOUT_MS = 60_000;

export type CopyInput = {
  /** The project's main checkout. */
  repo: string;
  /** The new worktree. */
  worktree: string;
  /** The project's copyFiles patterns. */
  copyFiles: readonly string[];
  log: WorkspaceLog;
  limits?: CopyLimits;
};

export async function copyIgnoredFiles(input: CopyInput): Promise<{ copied: string[] }> {
  const repo = await realpath(input.repo);
  const worktree = await realpath(input.worktree);
  const include = await readIncludeFile(repo);
  // Matched separately: a `!pattern` of one list takes nothing back from the other.
  const candidates = new Set<string>();
  for (const patterns of [input.copyFiles, include]) for (const rel of await untrackedMatching(repo, patterns)) candidates.add(rel);
  if (candidates.size === 0) return { copied: [] };
  const ignored = await ignoredInWorktree(input.repo, worktree, [...candidates].sort());
  for (const rel of [...candidates].sort()) {
    if (!ignored.has(rel))
      input.log("setup", { message: `Not copied: ${rel} (the worktree does not ignore it: a copy would become part of the line's changes)` });
  }
  const budget = new CopyBudget(input.limits);
  const copied: string[] = [];
  for (const rel of [...ignored].sort()) {
    const why = await copyOne(repo, worktree, rel, budget);
    if (why === "over_budget") {
      input.log("warning", { message: `Copying stopped at ${budget.describe()}: ${rel} and the rest were not copied into the worktree` });
      break;
    }
    if (why) input.log("setup", { message: `Not copied: ${rel} (${why})` });
    else {
      copied.push(rel);
      input.log("setup", { message: `Copied ${rel} from the main checkout` });
    }
  }
  return { copied };
}

/** The patterns of the repository's .worktreeinclude, when the main checkout has one (a regular file of a sane size). */
async function readIncludeFile(repo: string): Promise<string[]> {
  const file = path.join(repo, INCLUDE_FILE);
  const info = await lstat(file).catch(() => null);
  if (!info?.isFile() || info.size > MAX_INCLUDE_BYTES) return [];
  return worktreeIncludePatterns(await readFile(file, "utf8"));
}

/** The main checkout's untracked files (ignored or not) that the patterns match, as git matches a .gitignore. */
async function untrackedMatching(repo: string, patterns: readonly string[]): Promise<string[]> {
  if (patterns.length === 0) return [];
  const listed = await runGit(repo, ["ls-files", "-z", "--others", "--ignored", ...patterns.map((p) => `--exclude=${p}`)], {
    timeoutMs: LIST_TIMEOUT_MS,
    maxStdoutBytes: 16 * 1024 * 1024,
  });
  return listed.stdout.split("\0").filter(isSafeRelativePath);
}

/** Which of the paths the new worktree's git ignores (its own .gitignore, at its start commit); tracked paths never are. */
async function ignoredInWorktree(repo: string, worktree: string, paths: readonly string[]): Promise<Set<string>> {
  const opened = await openWorktree(repo, worktree);
  if (!opened.ok) return new Set();
  const checked = await runGit(worktree, ["check-ignore", "--stdin", "-z"], {
    gitDir: opened.value.gitDir,
    // check-ignore refuses literal pathspecs; none of these paths starts with ":" (isSafeRelativePath), so none is magic.
    env: { GIT_LITERAL_PATHSPECS: "0" },
    input: `${paths.join("\0")}\0`,
    okExitCodes: [0, 1],
    timeoutMs: LIST_TIMEOUT_MS,
  });
  return new Set(checked.stdout.split("\0").filter((p) => p !== ""));
}

/** Copies one file; why it was not, or null. */
async function copyOne(repo: string, worktree: string, rel: string, budget: CopyBudget): Promise<string | null> {
  const source = path.join(repo, rel);
  const info = await lstat(source).catch(() => null);
  if (!info) return "it is gone from the main checkout";
  if (!info.isFile()) return info.isSymbolicLink() ? "it is a symbolic link" : "it is not a regular file";
  const realSource = await realpath(source).catch(() => null);
  if (!realSource || !isWithin(realSource, repo)) return "it lies outside the main checkout";
  if (!budget.take(info.size)) return "over_budget";
  const target = path.join(worktree, rel);
  try {
    await mkdir(path.dirname(target), { recursive: true });
    // A directory of the commit may be a link: never write through it out of the worktree.
    const realDir = await realpath(path.dirname(target));
    if (!isWithin(realDir, worktree)) return "its directory in the worktree leads outside it";
    await copyFile(realSource, target, constants.COPYFILE_EXCL);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "EEXIST" ? "the worktree already has it" : `it could not be copied: ${(error as Error).message}`;
  }
}
