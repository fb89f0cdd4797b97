import fs from "node:fs";

/**
 * Pids of the processes in process group `pgid` that are still running.
 * Zombies do not count: they are dead, merely not reaped yet (this machine's
 * PID 1 reaps orphans slowly, so `kill(-pgid, 0)` keeps succeeding for a while
 * after the group is gone).
 */
export function liveGroupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited while we looked
    }
    // "pid (comm) state ppid pgrp …": comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const state = fields[0];
    const group = Number(fields[2]);
    if (group === pgid && state !== "Z" && state !== "X") members.push(Number(entry));
  }
  return members;
}
