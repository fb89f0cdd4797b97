import { readFileSync } from "node:fs";

// Which process an agent is, in a form that survives the runner: its pid,
// its process group (agents lead their own, see agent-process.ts) and its
// start time in clock ticks since the machine booted. A pid alone is not an
// identity (pids are reused, quickly in containers); pid + start time is.
// Recorded on the execution at spawn, so whoever finds the runner dead can
// stop the orphaned agent, whatever the agent is, without risking a stranger.

export type ProcessIdentity = { pid: number; pgid: number; startTicks: bigint };

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone (or not Linux)
  }
}

/** Null when the process is gone or cannot be inspected. */
export function readProcessIdentity(pid: number): ProcessIdentity | null {
  const fields = statFields(pid);
  if (!fields) return null;
  // stat(5): field 5 is pgrp, field 22 starttime; fields[] starts at field 3 (state).
  const pgid = Number(fields[2]);
  const startTicks = fields[19];
  if (!Number.isInteger(pgid) || !/^\d+$/.test(startTicks ?? "")) return null;
  return { pid, pgid, startTicks: BigInt(startTicks) };
}

/** The process with this pid is the one that was recorded (not a later process that got the same pid). */
export function isSameProcess(identity: ProcessIdentity): boolean {
  const now = readProcessIdentity(identity.pid);
  return now !== null && now.startTicks === identity.startTicks;
}

/**
 * SIGKILLs the recorded process's whole group, only while pid and start time
 * still match. Returns whether it signalled. (Once the group's leader is
 * gone its number may be reused, so without a match nothing is sent.)
 */
export function killGroupIfSame(identity: ProcessIdentity): boolean {
  const now = readProcessIdentity(identity.pid);
  if (now === null || now.startTicks !== identity.startTicks) return false;
  try {
    // Still in the group it was started in (it leads it): the whole group; else the process alone.
    process.kill(now.pgid === identity.pgid ? -identity.pgid : identity.pid, "SIGKILL");
    return true;
  } catch {
    return false; // exited meanwhile
  }
}
