import { randomBytes } from "node:crypto";
import { access, chown, mkdir, readdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { writeCredentials } from "./cluster-files";
import type { PostgresBinaries } from "./postgres-binaries";
import { runToCompletion } from "./run-as";
import type { ServerUser } from "./server-os-user";

export const SUPERUSER = "postgres";

export async function isInitialised(dataDir: string): Promise<boolean> {
  return access(path.join(dataDir, "PG_VERSION")).then(
    () => true,
    () => false,
  );
}

/**
 * Creates a new cluster in `dataDir`. initdb writes into a sibling directory
 * that is renamed into place only once complete (with its credentials file),
 * so a crash half-way leaves no directory that looks initialised but is not.
 */
export async function initialiseCluster(options: {
  dataDir: string;
  binaries: PostgresBinaries;
  user: ServerUser | undefined;
  log: (line: string) => void;
  quietLog?: (line: string) => void;
}): Promise<void> {
  const { dataDir, user } = options;
  await assertEmptyOrMissing(dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });

  const staging = `${dataDir}.initdb-tmp`;
  const pwfile = `${dataDir}.initdb-pw`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  const password = randomBytes(24).toString("base64url");
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(staging, user.uid, user.gid);
    await chown(pwfile, user.uid, user.gid);
  }

  options.log(`initialising a new PostgreSQL cluster in ${dataDir}`);
  try {
    await runToCompletion(
      options.binaries.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        // Password auth even on loopback: other local users must not get in.
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // C collation: byte-order sorting that never depends on which OS
        // locales happen to be installed, so the cluster moves between hosts.
        "--no-locale",
        "--no-instructions",
      ],
      user,
      options.quietLog,
    );
    await writeCredentials(staging, { user: SUPERUSER, password });
    await rmdir(dataDir).catch(() => undefined); // an empty directory we were given
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(pwfile, { force: true });
  }
}

async function assertEmptyOrMissing(dataDir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (entries.length > 0) {
    throw new Error(
      `${dataDir} exists but is not a PostgreSQL data directory (no PG_VERSION); refusing to overwrite it. ` +
        `Move it away, or point ARBOR_DATA_DIR elsewhere.`,
    );
  }
}
