import path from "node:path";
import { startEmbeddedPostgres } from "@/server/database/embedded-postgres";

export type ResolvedDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

// DATABASE_URL set → that server. Unset → an embedded PostgreSQL whose data
// lives in <dataDir>/postgres and survives restarts.
export async function resolveDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<ResolvedDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(options.dataDir, "postgres"),
    port: options.port,
    log: options.log,
  });
  return { url: pg.url, embedded: true, stop: pg.stop };
}
