import { randomBytes } from "node:crypto";
import pg from "pg";

// A throwaway database on the same server as `serverUrl`, so a check can apply
// migrations from nothing without touching the shared test database. The name
// is unique per call, so concurrent runs do not collide.

export type ScratchDatabase = { url: string; name: string; drop: () => Promise<void> };

export async function createScratchDatabase(serverUrl: string, prefix = "arbor_scratch"): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // FORCE (PostgreSQL 13+) ends sessions a failed test may have left open.
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
    },
  };
}

/** Connects to the server's maintenance database: one cannot create or drop the database one is connected to. */
export async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
