import pg from "pg";

// Integration tests of one Jest worker share its database (test/support/worker-database.ts).
// Each test file resets the data it depends on (every table emptied), which
// also clears the job queue's tables' rows we own but keeps migrations.
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the suite with `npm test`, which provides a database");
  return url;
}

export async function resetDb(): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    if (rows.length > 0) {
      // DELETE, not TRUNCATE: TRUNCATE gives every table and index a new file, 130-460 ms for the
      // whole schema here against 4-30 ms, once per test file. As a replica, foreign keys'
      // triggers do not fire, so the order does not matter (every table is emptied).
      const sequences = await client.query<{ name: string }>(
        `SELECT quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) AS name FROM information_schema.sequences WHERE sequence_schema = 'public'`,
      );
      await client.query(
        [
          "BEGIN",
          "SET LOCAL session_replication_role = replica",
          ...rows.map((r) => `DELETE FROM "${r.tablename}"`),
          ...sequences.rows.map((q) => `ALTER SEQUENCE ${q.name} RESTART`),
          "COMMIT",
        ].join("; "),
      );
    }
    // Jobs of executions that no longer exist would only be skipped, but a
    // clean queue keeps tests independent.
    const queue = await client.query(`SELECT to_regclass('graphile_worker._private_jobs') AS t`);
    if (queue.rows[0].t) {
      await client.query(`DELETE FROM graphile_worker._private_jobs`);
      await client.query(`DELETE FROM graphile_worker._private_job_queues`);
    }
  } finally {
    await client.end();
  }
}
