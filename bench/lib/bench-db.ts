import pg from "pg";
import { applyMigrations } from "@/server/migrations/apply-migrations";
import { installQueueSchema } from "@/server/queue/install-queue-schema";

// Benchmarks run against their own database, `arbor_bench`, on the server
// DATABASE_URL points at (default: the local Postgres). They never touch the
// database DATABASE_URL names itself, so test and dev data stay as they are.

export const BENCH_DATABASE = "arbor_bench";

export function serverUrl(): string {
  return process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
}

/** `database`: another name for a benchmark run beside others on the same server (default arbor_bench). */
export function benchDatabaseUrl(database = BENCH_DATABASE): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates `database` on the server unless it exists (a benchmark that keeps its data between runs). */
export async function ensureDatabase(database: string): Promise<void> {
  await withClient(serverUrl(), async (admin) => {
    const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${database}`);
  });
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates arbor_bench afresh (dropping the one a previous benchmark left) and
 * applies the working tree's migrations and the queue schema, so the schema
 * measured is exactly the one in prisma/migrations right now.
 */
export async function prepareBenchDatabase(database = BENCH_DATABASE): Promise<string> {
  if (!/^arbor_[a-z0-9_]*bench[a-z0-9_]*$/.test(database)) throw new Error(`a benchmark database is named arbor_…bench…, not ${database}`);
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    if (new URL(serverUrl()).pathname === `/${database}`) throw new Error(`DATABASE_URL must name another database on the server, not ${database} itself`);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const url = benchDatabaseUrl(database);
  await applyMigrations(url);
  await installQueueSchema(url);
  return url;
}

/** Empties arbor_bench (only ever that database) between benchmarks. */
export async function resetBenchData(url: string): Promise<void> {
  if (new URL(url).pathname !== `/${BENCH_DATABASE}`) throw new Error(`refusing to reset ${url}: not the ${BENCH_DATABASE} database`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    if (rows.length > 0) await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
    await client.query(`DELETE FROM graphile_worker._private_jobs`);
    await client.query(`DELETE FROM graphile_worker._private_job_queues`);
    await client.query(`DELETE FROM graphile_worker._private_known_crontabs`).catch(() => {});
    // Start every benchmark from compact tables and fresh statistics.
    await client.query(`VACUUM ANALYZE execution_events`);
    await client.query(`VACUUM ANALYZE executions`);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(`SHOW server_version`);
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings WHERE name IN ('synchronous_commit','fsync','shared_buffers','wal_level')`,
    );
    const s = Object.fromEntries(settings.rows.map((r) => [r.name, r.setting + (r.unit ? ` ${r.unit}` : "")]));
    return `PostgreSQL ${rows[0].v} (synchronous_commit=${s.synchronous_commit}, fsync=${s.fsync}, shared_buffers=${s.shared_buffers})`;
  } finally {
    await client.end();
  }
}
