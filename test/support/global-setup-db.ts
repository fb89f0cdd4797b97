import { applyMigrations } from "../../server/migrations/apply-migrations";
import { installQueueSchema } from "../../server/queue/install-queue-schema";
import { testDatabaseUrl } from "./db";

// Relative imports: Jest does not apply moduleNameMapper to globalSetup.
// Integration and e2e projects start from a migrated database (our tables and
// the job queue's schema).
export default async function globalSetup(): Promise<void> {
  await applyMigrations(testDatabaseUrl());
  await installQueueSchema(testDatabaseUrl());
}
