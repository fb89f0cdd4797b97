import pg from "pg";
import { applyMigrations } from "../../../server/migrations/apply-migrations";
import { compareShapes } from "./compare-shapes";
import { expectedShape } from "./expected-shape";
import { loadPrismaDatamodel } from "./load-prisma-datamodel";
import { readCatalog } from "./read-catalog";
import { relationMapNames } from "./relation-map-names";
import { createScratchDatabase } from "./scratch-database";
import type { DatabaseShape } from "./shape";
import { unsupportedFields } from "./unsupported-fields";

// The two halves of the drift check, kept apart so a test can read the
// migrated catalog once and hold several schemas against it.

/** Applies every migration in `migrationsDir` to a fresh database on `serverUrl` and reads back its shape. */
export async function migratedShape(serverUrl: string, migrationsDir?: string): Promise<DatabaseShape> {
  const scratch = await createScratchDatabase(serverUrl, "arbor_drift");
  try {
    await applyMigrations(scratch.url, { dir: migrationsDir });
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return await readCatalog(client);
    } finally {
      await client.end();
    }
  } finally {
    await scratch.drop();
  }
}

/** Differences between what `schema` (Prisma schema text) implies and `actual`; empty when they agree. */
export function schemaDrift(schema: string, actual: DatabaseShape): string[] {
  return compareShapes(expectedShape(loadPrismaDatamodel(schema), relationMapNames(schema), unsupportedFields(schema)), actual);
}
