import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/*/migration.sql in name order and records each one
// in Prisma's own `_prisma_migrations` table (same columns, sha256 checksum of
// the file), so `prisma migrate status/deploy` agree wherever Prisma's schema
// engine is available. We cannot rely on that engine here: it is a native
// binary downloaded at first use, and these machines are offline.

// Prisma's migrate lock id, so our applier and Prisma's never run at once.
const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type MigrationFile = { name: string; sql: string; checksum: string };

export type MigrationResult = { applied: string[]; alreadyApplied: string[] };

export class MigrationError extends Error {}

export const DEFAULT_MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

export async function readMigrations(dir = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
    files.push({ name, sql, checksum: createHash("sha256").update(sql).digest("hex") });
  }
  return files;
}

export async function applyMigrations(databaseUrl: string, options: { dir?: string; log?: (line: string) => void } = {}): Promise<MigrationResult> {
  const log = options.log ?? (() => {});
  const migrations = await readMigrations(options.dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at);
    if (failed.length > 0) {
      throw new MigrationError(
        `Migration ${failed[0].migration_name} failed earlier and was never finished; fix the database by hand, then mark it rolled back`,
      );
    }
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const m of migrations) {
      const prior = done.get(m.name);
      if (prior) {
        if (prior.checksum !== m.checksum) {
          // Prisma only warns here; we do the same rather than refuse to start.
          log(`warning: migration ${m.name} was modified after it was applied`);
        }
        result.alreadyApplied.push(m.name);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`, [
          id,
          m.checksum,
          m.name,
        ]);
        await client.query(m.sql);
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new MigrationError(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      log(`applied migration ${m.name}`);
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}
