import pg from "pg";

// Integration tests of one Jest worker share its database (test/support/worker-database.ts).
// Each test file resets the data it depends on with TRUNCATE … CASCADE, which
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
      await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
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
