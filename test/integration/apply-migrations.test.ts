import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR } from "@/server/migrations/apply-migrations";
import { testDatabaseUrl } from "@/test/support/db";
import { createScratchDatabase, type ScratchDatabase } from "@/test/support/schema-drift/scratch-database";

// Our applier stands in for `prisma migrate deploy`, so its bookkeeping must
// be what Prisma itself would write: one finished row per migration, with the
// sha256 of migration.sql as checksum.
jest.setTimeout(60_000);

let scratch: ScratchDatabase;

beforeEach(async () => {
  scratch = await createScratchDatabase(testDatabaseUrl(), "arbor_migrate");
});

afterEach(() => scratch.drop());

async function migrationNames(): Promise<string[]> {
  const entries = await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

test("a second run applies nothing", async () => {
  const names = await migrationNames();
  expect(names.length).toBeGreaterThan(0);

  const first = await applyMigrations(scratch.url);
  expect(first).toEqual({ applied: names, alreadyApplied: [] });

  const second = await applyMigrations(scratch.url);
  expect(second).toEqual({ applied: [], alreadyApplied: names });
});

test("records each migration the way Prisma does", async () => {
  await applyMigrations(scratch.url);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT id, checksum, migration_name, finished_at, started_at, rolled_back_at, logs, applied_steps_count
         FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const names = await migrationNames();
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(path.join(DEFAULT_MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  } finally {
    await client.end();
  }
});
