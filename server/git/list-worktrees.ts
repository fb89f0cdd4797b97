import "server-only";
import { stat } from "node:fs/promises";
import { runGit } from "./run-git";

export interface WorktreeEntry {
  path: string;
  /** The commit checked out there (null in a repository without commits). */
  head: string | null;
  /** Its branch ("arbor/ISSUE-3/1f2e3d4c"), or null when detached. */
  branch: string | null;
  /** The repository's main checkout (first in git's list). */
  main: boolean;
  locked: boolean;
  /** Its directory is gone: git would prune it. */
  missing: boolean;
}

/** `git worktree list --porcelain -z` → entries. Pure. */
export function parseWorktreeList(output: string): Omit<WorktreeEntry, "missing">[] {
  const entries: Omit<WorktreeEntry, "missing">[] = [];
  let current: Omit<WorktreeEntry, "missing"> | null = null;
  for (const field of output.split("\0")) {
    if (field === "") {
      if (current) entries.push(current);
      current = null;
      continue;
    }
    const space = field.indexOf(" ");
    const key = space < 0 ? field : field.slice(0, space);
    const value = space < 0 ? "" : field.slice(space + 1);
    if (key === "worktree") {
      if (current) entries.push(current);
      current = { path: value, head: null, branch: null, main: entries.length === 0, locked: false };
    } else if (current) {
      if (key === "HEAD") current.head = /^0+$/.test(value) ? null : value;
      else if (key === "branch") current.branch = value.startsWith("refs/heads/") ? value.slice("refs/heads/".length) : value;
      else if (key === "locked") current.locked = true;
    }
  }
  if (current) entries.push(current);
  return entries;
}

/** Every worktree of the repository `repo` belongs to, the main checkout first; `missing` when its directory vanished. */
export async function listWorktrees(repo: string): Promise<WorktreeEntry[]> {
  const out = await runGit(repo, ["worktree", "list", "--porcelain", "-z"]);
  const entries = parseWorktreeList(out.stdout);
  return Promise.all(
    entries.map(async (entry) => ({
      ...entry,
      missing: !(await stat(entry.path).then(
        (s) => s.isDirectory(),
        () => false,
      )),
    })),
  );
}
