import { readFile, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { isAlive, isPostgresProcessIn } from "./process-info";

// postmaster.pid is PostgreSQL's lock file: line 1 is the postmaster's pid,
// line 2 its data directory, line 4 its port. After a crash it stays behind.
// PostgreSQL copes with a dead pid by itself (and then also checks that no
// orphaned backend still holds the old shared memory), but it refuses to start
// when the pid has since been reused by an unrelated process, which is common
// in containers where pids restart from 1. So we classify before starting.

export type PostmasterPid = { pid: number; dataDir: string; port: number | undefined };

export type PostmasterState =
  | { kind: "absent" }
  /** The pid is gone: PostgreSQL recovers from this on its own. */
  | { kind: "dead"; lock: PostmasterPid }
  /** The pid is alive but is not a postmaster of this data directory. */
  | { kind: "reused"; lock: PostmasterPid }
  /** A postmaster is running on this data directory right now. */
  | { kind: "running"; lock: PostmasterPid }
  /** The pid is alive but cannot be inspected (another user's process, or no /proc, ps or lsof). */
  | { kind: "unknown"; lock: PostmasterPid };

export function parsePostmasterPid(text: string): PostmasterPid | undefined {
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const port = Number(lines[3]);
  return { pid, dataDir: lines[1] ?? "", port: Number.isInteger(port) && port > 0 ? port : undefined };
}

export function postmasterPidPath(dataDir: string): string {
  return path.join(dataDir, "postmaster.pid");
}

export async function inspectPostmaster(dataDir: string): Promise<PostmasterState> {
  let text: string;
  try {
    text = await readFile(postmasterPidPath(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    throw error;
  }
  const lock = parsePostmasterPid(text);
  // A torn or empty lock file (crash while writing it) holds no live claim.
  if (!lock) return { kind: "dead", lock: { pid: 0, dataDir, port: undefined } };
  if (!isAlive(lock.pid)) return { kind: "dead", lock };
  const ours = isPostgresProcessIn(lock.pid, await realpath(dataDir));
  return { kind: ours === undefined ? "unknown" : ours ? "running" : "reused", lock };
}

/**
 * Removes a lock file whose pid now belongs to an unrelated process. Only safe
 * after checking that no backend of the old cluster survives, because removing
 * the file also skips PostgreSQL's own shared-memory-in-use check.
 */
export async function removeStalePostmasterPid(dataDir: string): Promise<void> {
  await rm(postmasterPidPath(dataDir), { force: true });
}
