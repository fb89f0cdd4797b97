import type { Config } from "jest";
import { applyMigrations } from "../../server/migrations/apply-migrations";
import { installQueueSchema } from "../../server/queue/install-queue-schema";
import { testDatabaseUrl } from "./db";
import { prepareWorkerDatabases } from "./worker-database";

// Relative imports: Jest does not apply moduleNameMapper to globalSetup.
// Integration and e2e projects start from a migrated database (our tables and
// the job queue's schema), one per worker (test/support/worker-database.ts).
export default async function globalSetup(globalConfig: { maxWorkers: Config["maxWorkers"] }): Promise<void> {
  await applyMigrations(testDatabaseUrl());
  await installQueueSchema(testDatabaseUrl());
  await prepareWorkerDatabases(testDatabaseUrl(), Number(globalConfig.maxWorkers) || 1);
}
