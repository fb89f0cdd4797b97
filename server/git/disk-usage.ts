import "server-only";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

// Disk use of worktrees for the project page and cleanup's report. The walk
// stays inside the directories it is given (symlinks are not followed, and a
// worktree's admin directory comes from the repository's record of it, never
// from the `.git` file in the worktree), and it has a budget: a worktree an
// agent filled with millions of files costs the page at most this much time.

export interface DiskBudget {
  /** Stop walking at this time (Date.now() ms)… */
  deadline: number;
  /** …or after this many directory entries. */
  entriesLeft: number;
}

export const diskBudget = (ms: number, entries: number): DiskBudget => ({ deadline: Date.now() + ms, entriesLeft: entries });

export interface DiskUse {
  bytes: number;
  /** False when the budget ran out: `bytes` is a lower bound. */
  complete: boolean;
}

/**
 * Bytes a directory tree occupies on disk (allocated blocks, like `du`),
 * each hard-linked file counted once, symlinks not followed. 0 when it does not exist.
 */
export async function diskUsage(root: string, budget: DiskBudget = diskBudget(30_000, 5_000_000), seen: Set<string> = new Set()): Promise<DiskUse> {
  const use: DiskUse = { bytes: 0, complete: true };
  await walk(root, budget, seen, use);
  return use;
}

async function walk(entry: string, budget: DiskBudget, seen: Set<string>, use: DiskUse): Promise<void> {
  if (budget.entriesLeft <= 0 || Date.now() > budget.deadline) {
    use.complete = false;
    return;
  }
  budget.entriesLeft--;
  const info = await lstat(entry).catch(() => null);
  if (!info) return;
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return;
  seen.add(key);
  use.bytes += info.blocks * 512;
  if (!info.isDirectory()) return;
  const names = await readdir(entry).catch(() => [] as string[]);
  // Bounded fan-out: enough to overlap I/O, not enough to exhaust file handles.
  for (let i = 0; i < names.length; i += 64) {
    await Promise.all(names.slice(i, i + 64).map((name) => walk(path.join(entry, name), budget, seen, use)));
    if (!use.complete) return;
  }
}

/**
 * Disk used by a linked worktree: its directory plus its admin directory in
 * the repository (its index, HEAD, logs), as the repository records it
 * (worktree-records.ts). Objects are shared with the repository and not counted.
 */
export async function worktreeDiskUsage(worktree: string, adminDir: string | null, budget?: DiskBudget): Promise<DiskUse> {
  const seen = new Set<string>();
  const own = await diskUsage(worktree, budget, seen);
  if (!adminDir) return own;
  const admin = await diskUsage(adminDir, budget, seen);
  return { bytes: own.bytes + admin.bytes, complete: own.complete && admin.complete };
}
