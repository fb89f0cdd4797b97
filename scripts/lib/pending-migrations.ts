import pg from "pg";
import { readMigrations } from "@/server/migrations/apply-migrations";

// The cheap proof `npm start` needs before its web app, started beside the
// database, may serve (scripts/lib/web-gate.cjs): Arbor's migration files
// against what `_prisma_migrations` records as finished, one read and no lock.
// Anything but "nothing pending" sends the start down the careful path: the
// early web server is stopped, applyMigrations runs (it says what to do about
// a failed migration), and the web app starts after it.

export type MigrationRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

export type MigrationCheck = {
  /** Files not recorded as finished, and migrations that failed earlier (applyMigrations refuses those, saying why). */
  pending: string[];
  /** Applied, but their file changed since (applyMigrations warns about these too, and applies nothing for them). */
  modified: string[];
};

/** What applyMigrations would do, from the files and the table's rows (the same rules as server/migrations/apply-migrations.ts). */
export function compareMigrations(files: { name: string; checksum: string }[], rows: MigrationRow[]): MigrationCheck {
  const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at).map((r) => r.migration_name);
  const pending = [...failed, ...files.filter((f) => !done.has(f.name)).map((f) => f.name)];
  const modified = files.filter((f) => done.has(f.name) && done.get(f.name)!.checksum !== f.checksum).map((f) => f.name);
  return { pending: [...new Set(pending)], modified };
}

/** Reads the applied migrations of `databaseUrl` and compares them with the files (all pending on a database never migrated). */
export async function checkMigrations(databaseUrl: string, dir?: string): Promise<MigrationCheck> {
  const [files, rows] = await Promise.all([readMigrations(dir), appliedRows(databaseUrl)]);
  return compareMigrations(files, rows);
}

async function appliedRows(databaseUrl: string): Promise<MigrationRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
    if (!rows[0].present) return [];
    return (await client.query<MigrationRow>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}
