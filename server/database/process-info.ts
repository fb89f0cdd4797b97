import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

// Just enough process inspection to tell whether a pid written in a lock file
// still belongs to the process that wrote it. Linux answers from /proc; other
// Unixes fall back to ps/lsof. Every function returns undefined when it cannot
// tell, and callers treat "cannot tell" conservatively.

/** Whether the process exists and has not exited (a zombie awaiting its parent's wait() counts as exited). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return processState(pid) !== "Z";
}

function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return undefined;
  }
}

/** Working directory of a process. A postmaster and all its backends chdir into their data directory. */
export function processCwd(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || process.platform === "linux") return undefined;
  }
  try {
    const out = execFileSync("lsof", ["-a", "-p", String(pid), "-d", "cwd", "-Fn"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const line = out.split("\n").find((l) => l.startsWith("n"));
    return line?.slice(1);
  } catch {
    return undefined;
  }
}

export function parentPid(pid: number): number | undefined {
  try {
    // Field 4 of /proc/<pid>/stat; the command name in field 2 may contain
    // spaces, so parse from the closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || process.platform === "linux") return undefined;
  }
  try {
    const ppid = Number(execFileSync("ps", ["-o", "ppid=", "-p", String(pid)], { encoding: "utf8" }).trim());
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL processes (postmaster or backends) whose working directory is
 * `dir`; undefined where processes cannot be listed (no /proc). Matching the
 * executable as well keeps, say, a shell that cd'ed into the directory out.
 */
export function postgresPidsIn(dir: string): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  return entries
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => isPostgresProcessIn(pid, dir) === true);
}

/**
 * A postmaster and each of its backends run the `postgres` executable with the
 * data directory as working directory. Undefined when the process cannot be
 * inspected.
 */
export function isPostgresProcessIn(pid: number, dir: string): boolean | undefined {
  const cwd = processCwd(pid);
  const exe = executableName(pid);
  if (cwd === undefined || exe === undefined) return isAlive(pid) ? undefined : false;
  return cwd === dir && exe === "postgres";
}

function executableName(pid: number): string | undefined {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || process.platform === "linux") return undefined;
  }
  try {
    const comm = execFileSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8" }).trim();
    return comm ? path.basename(comm) : undefined;
  } catch {
    return undefined;
  }
}
