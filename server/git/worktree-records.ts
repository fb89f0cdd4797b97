import "server-only";
import { open, readdir } from "node:fs/promises";
import path from "node:path";
import { runGit } from "./run-git";

// What the project's own repository records about its linked worktrees:
// `<common dir>/worktrees/<id>/gitdir` names the worktree's `.git` file. This
// side is the repository's (an agent in a worktree cannot write it), so
// Arbor derives a worktree's git dir from here, never from the worktree's
// own `.git`, which is a file in the agent's directory.

export interface WorktreeRecord {
  /** The worktree's admin directory in the repository: its git dir. */
  adminDir: string;
  /** The worktree's directory, as recorded. */
  path: string;
}

/** The repository's shared git directory (objects, refs, config), absolute; `repo` is its main checkout. */
export async function commonDirOf(repo: string): Promise<string> {
  const out = await runGit(repo, ["rev-parse", "--path-format=absolute", "--git-common-dir"]);
  return out.stdout.trim();
}

/** Reads at most `max` bytes of a small file (a pointer git wrote); null when it cannot. */
export async function readSmallFile(file: string, max = 4096): Promise<string | null> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(max);
    const { bytesRead } = await handle.read(buffer, 0, max, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Every linked worktree the repository records, with its admin directory. */
export async function readWorktreeRecords(commonDir: string): Promise<WorktreeRecord[]> {
  const base = path.join(commonDir, "worktrees");
  const ids = await readdir(base).catch(() => [] as string[]);
  const records = await Promise.all(
    ids.map(async (id) => {
      const adminDir = path.join(base, id);
      const pointer = (await readSmallFile(path.join(adminDir, "gitdir")))?.trim();
      // git writes the worktree's `.git` file, absolute (or relative to the admin directory).
      return pointer ? { adminDir, path: path.dirname(path.resolve(adminDir, pointer)) } : null;
    }),
  );
  return records.filter((r): r is WorktreeRecord => r !== null);
}
