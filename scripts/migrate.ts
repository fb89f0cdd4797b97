// `npm run db:migrate`: apply prisma/migrations to DATABASE_URL, or to the
// embedded database when DATABASE_URL is unset.
import { loadConfig } from "@/server/config/load-config";
import { resolveDatabase } from "@/server/database/resolve-database";
import { applyMigrations } from "@/server/migrations/apply-migrations";
import { installQueueSchema } from "@/server/queue/install-queue-schema";

async function main() {
  const config = loadConfig();
  const db = await resolveDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, port: config.embeddedDbPort });
  try {
    const result = await applyMigrations(db.url, { log: (line) => console.log(line) });
    await installQueueSchema(db.url);
    console.log(`${result.applied.length} migration(s) applied, ${result.alreadyApplied.length} already applied`);
  } finally {
    await db.stop();
  }
}

main().catch((error) => {
  console.error(`db:migrate failed: ${(error as Error).message}`);
  process.exit(1);
});
