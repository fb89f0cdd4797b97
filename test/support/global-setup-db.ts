import { applyMigrations } from "@/server/migrations/apply-migrations";
import { testDatabaseUrl } from "./db";

// Integration and e2e projects start from a migrated database.
export default async function globalSetup(): Promise<void> {
  await applyMigrations(testDatabaseUrl());
}
