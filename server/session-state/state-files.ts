import path from "node:path";

// The pure half of moving an agent's session state (issue 24): how a file is
// cut into content-addressed chunks, which stored files a runner must write
// back, and the one check every restored path passes.

/** Chunk size: an append-only transcript changes only its last chunk between turns, so each turn stores only its new tail. */
export const CHUNK_BYTES = 1024 * 1024;
/** A larger file is not session state Arbor moves (it is logged and left out). */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

/**
 * One file of a stored version: its path relative to the agent's session
 * root, its size, its chunks' sha256 in order, and its modification time on
 * the machine that stored it (a file unchanged since is not read again).
 */
export type StoredFile = { path: string; size: number; chunks: string[]; mtimeMs?: number };

/** What a runner has of a file now (null: nothing there). */
export type LocalFile = { size: number } | null;

/**
 * Which stored files to write back: those missing here, and those the stored
 * version has more of (an agent's session files only grow as it goes on, so a
 * smaller local copy is an older one). A local copy as large or larger is as
 * new or newer (this runner went on with the session since): it is kept.
 */
export function filesToRestore(stored: readonly StoredFile[], local: ReadonlyMap<string, LocalFile>): StoredFile[] {
  return stored.filter((file) => {
    const here = local.get(file.path) ?? null;
    return here === null || here.size < file.size;
  });
}

/**
 * `relative` under `root`, or null when it would leave it: absolute, `..`,
 * empty or odd segments, NUL. Stored paths are never trusted further than this.
 */
export function insideRoot(root: string, relative: string): string | null {
  if (!relative || relative.includes("\0") || relative.includes("\\") || relative.startsWith("/")) return null;
  const segments = relative.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  const resolved = path.resolve(root, ...segments);
  return resolved.startsWith(path.resolve(root) + path.sep) ? resolved : null;
}

/** Whether two versions hold the same files with the same contents (a turn that changed nothing stores no new version). */
export function sameFiles(a: readonly StoredFile[], b: readonly StoredFile[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((file, i) => file.path === b[i].path && file.size === b[i].size && file.chunks.join() === b[i].chunks.join());
}

/** Parses a stored `files` column (it is data: anything malformed is dropped, never trusted). */
export function parseStoredFiles(value: unknown): StoredFile[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (f): f is StoredFile =>
        typeof f === "object" &&
        f !== null &&
        typeof f.path === "string" &&
        typeof f.size === "number" &&
        Array.isArray(f.chunks) &&
        f.chunks.every((c: unknown) => typeof c === "string" && /^[0-9a-f]{64}$/.test(c)),
    )
    .map((f) => ({ path: f.path, size: f.size, chunks: f.chunks, ...(typeof f.mtimeMs === "number" ? { mtimeMs: f.mtimeMs } : {}) }));
}
