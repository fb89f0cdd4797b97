import fs from "node:fs/promises";
import type { Dirent } from "node:fs";
import path from "node:path";

// Small never-throwing disk reads shared by the agents' session-state
// support (AgentDefinition.sessionState): finding a session's files must not
// fail a turn, so a missing or unreadable place reads as "nothing here".

/** Names in `dir` (empty when it is missing or unreadable). */
export async function listNames(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch {
    return [];
  }
}

/** Whether `file` is a regular file itself (a symlink is never followed out of an agent's home). */
export async function isRegularFile(file: string): Promise<boolean> {
  try {
    return (await fs.lstat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The files under `dir` as paths relative to it ("/"-separated), at most
 * `maxDepth` folders down and `maxFiles` in all: a session's own folders are
 * small, and a bound keeps a surprise from turning into a walk of the disk.
 */
export async function listFiles(dir: string, { maxDepth = 3, maxFiles = 1000 } = {}): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relative: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= maxFiles) return;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isFile()) files.push(child);
      else if (entry.isDirectory() && depth < maxDepth) await walk(child, depth + 1);
    }
  };
  // The starting folder itself is never a symlink either (readdir would follow it out of the home).
  const start = await fs.lstat(dir).catch(() => null);
  if (start?.isDirectory()) await walk("", 0);
  return files.sort();
}

/**
 * The first line of `file`, read up to `limit` bytes (a Codex rollout's
 * first line carries the whole system prompt, so it can be long); null when
 * unreadable. `complete` says whether the line ended within the limit.
 */
export async function readFirstLine(file: string, limit = 1 << 20): Promise<{ text: string; complete: boolean } | null> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(file, "r");
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < limit) {
      const buffer = Buffer.alloc(Math.min(64 * 1024, limit - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, total);
      if (bytesRead === 0) break;
      const piece = buffer.subarray(0, bytesRead);
      const newline = piece.indexOf(0x0a);
      if (newline >= 0) {
        chunks.push(piece.subarray(0, newline));
        return { text: Buffer.concat(chunks).toString("utf8"), complete: true };
      }
      chunks.push(piece);
      total += bytesRead;
    }
    // End of file without a newline is a whole line too; the limit is not.
    return { text: Buffer.concat(chunks).toString("utf8"), complete: total < limit };
  } catch {
    return null;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
