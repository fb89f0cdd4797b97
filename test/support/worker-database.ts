import os from "node:os";
import path from "node:path";
import { applyMigrations } from "../../server/migrations/apply-migrations";
import { installQueueSchema } from "../../server/queue/install-queue-schema";
import { withAdmin } from "./schema-drift/scratch-database";

// Relative imports: this module is loaded by globalSetup and the test
// environment, where Jest applies no moduleNameMapper.
//
// Integration and end-to-end tests may run in parallel Jest workers (`npm test`,
// ARBOR_TEST_WORKERS). Each test file resets the tables it uses and starts
// runners that take any queued job, so two files must never share a database:
// worker 1 keeps the database `npm test` was given (a run in band is exactly as
// before), worker N uses `<that database>_w<N>`, created anew and migrated by
// the global setup of each run. LISTEN/NOTIFY and advisory locks are per
// database, so the workers' runners never hear each other. Each worker also
// gets a data directory of its own (worktrees, agent homes), whose paths are
// built from ids that every worker's database numbers alike.

/** The database worker `workerId` uses: the given one for worker 1, `<name>_w<N>` for the others. */
export function workerDatabaseUrl(baseUrl: string, workerId: number): string {
  if (workerId <= 1) return baseUrl;
  const url = new URL(baseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || "postgres";
  url.pathname = `/${encodeURIComponent(`${name}_w${workerId}`)}`;
  return url.toString();
}

/** Worker N's data directory (worker 1 keeps ARBOR_DATA_DIR or the default). */
export function workerDataDir(workerId: number, tmp = os.tmpdir()): string {
  return path.join(tmp, `arbor-test-worker-${workerId}`);
}

/** Points this worker's process (and every process it starts) at its own database and data directory. */
export function adoptWorkerEnvironment(env: Record<string, string | undefined> = process.env): void {
  const workerId = Number(env.JEST_WORKER_ID ?? "1");
  if (!env.DATABASE_URL || !(workerId > 1)) return;
  // Each test file's environment is made in the same worker process: already moved, it stays.
  if (new URL(env.DATABASE_URL).pathname.endsWith(`_w${workerId}`)) return;
  env.DATABASE_URL = workerDatabaseUrl(env.DATABASE_URL, workerId);
  env.ARBOR_DATA_DIR ??= workerDataDir(workerId);
}

/**
 * Creates the databases of workers 2…`workers` anew (whatever an earlier run
 * left there is gone, as for the database CI gives worker 1) and migrates them.
 * Runs before any test file, so nothing is connected to them yet.
 */
export async function prepareWorkerDatabases(baseUrl: string, workers: number): Promise<void> {
  for (let id = 2; id <= workers; id++) {
    const url = workerDatabaseUrl(baseUrl, id);
    await recreateDatabase(baseUrl, decodeURIComponent(new URL(url).pathname.slice(1)));
    await applyMigrations(url);
    await installQueueSchema(url);
  }
}

function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  return withAdmin(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  });
}
