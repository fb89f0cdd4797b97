import { runMigrations } from "graphile-worker";

// No @/ imports here: the integration suites' Jest global setup loads this
// file, and Jest resolves no path aliases there.

/** Installs or upgrades graphile-worker's own schema (graphile_worker.*). */
export async function installQueueSchema(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: undefined });
}
