import { execFile } from "node:child_process";
import { chmod, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

// PostgreSQL refuses to run as root. When Arbor itself runs as root (typical
// in containers), initdb and postgres run as an unprivileged `postgres` OS
// user instead, created on first use, and that user must be able to reach the
// data directory.

export type ServerUser = { uid: number; gid: number; name: string };

const USER_NAME = "postgres";

/** The user to run PostgreSQL as, or undefined to run it as ourselves (we are not root). */
export async function resolveServerUser(log: (line: string) => void): Promise<ServerUser | undefined> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  let ids = await lookupUser(USER_NAME);
  if (!ids) {
    log(`running as root: creating the unprivileged OS user "${USER_NAME}" to run PostgreSQL`);
    try {
      await run("groupadd", ["--system", USER_NAME]).catch(() => undefined); // may already exist
      await run("useradd", ["--system", "--gid", USER_NAME, "--no-create-home", "--shell", "/usr/sbin/nologin", USER_NAME]);
    } catch (error) {
      throw new Error(
        `Arbor is running as root and PostgreSQL cannot; creating an OS user "${USER_NAME}" failed: ${(error as Error).message}. ` +
          `Create that user yourself, run Arbor as a normal user, or set DATABASE_URL.`,
      );
    }
    ids = await lookupUser(USER_NAME);
    if (!ids) throw new Error(`created OS user "${USER_NAME}" but cannot look it up`);
  }
  return { ...ids, name: USER_NAME };
}

async function lookupUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", name]), run("id", ["-g", name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * Adds the search (x) permission that `user` lacks on each ancestor of `dir`,
 * e.g. /root is 0700 by default, so /root/project/.arbor/postgres would be
 * unreachable. Only search is granted, never read, so directory listings stay
 * private.
 */
export async function ensureTraversable(dir: string, user: ServerUser, log: (line: string) => void): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const info = await stat(current);
    const bit = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) {
      await chmod(current, (info.mode & 0o7777) | bit);
      log(`granted search permission on ${current} so the "${user.name}" OS user can reach the database directory`);
    }
    if (path.dirname(current) === current) return;
  }
}
