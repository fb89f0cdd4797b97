import "server-only";
import { lstat, readFile, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Bytes a directory tree occupies on disk (allocated blocks, like `du`),
 * each hard-linked file counted once, symlinks not followed. 0 when it does not exist.
 */
export async function diskUsage(root: string, seen: Set<string> = new Set()): Promise<number> {
  const info = await lstat(root).catch(() => null);
  if (!info) return 0;
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return 0;
  seen.add(key);
  let total = info.blocks * 512;
  if (!info.isDirectory()) return total;
  const names = await readdir(root).catch(() => [] as string[]);
  // Bounded fan-out: enough to overlap I/O, not enough to exhaust file handles.
  for (let i = 0; i < names.length; i += 64) {
    const sizes = await Promise.all(names.slice(i, i + 64).map((name) => diskUsage(path.join(root, name), seen)));
    total += sizes.reduce((a, b) => a + b, 0);
  }
  return total;
}

/**
 * Disk used by a linked worktree: its directory plus its admin directory in
 * the repository (`.git/worktrees/<name>`: its index, HEAD, logs). Objects
 * are shared with the repository and not counted.
 */
export async function worktreeDiskUsage(worktree: string): Promise<number> {
  const seen = new Set<string>();
  const own = await diskUsage(worktree, seen);
  const pointer = await readFile(path.join(worktree, ".git"), "utf8").catch(() => "");
  const adminDir = /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  return own + (adminDir ? await diskUsage(path.resolve(worktree, adminDir), seen) : 0);
}
