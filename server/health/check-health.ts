import "server-only";
import packageJson from "@/package.json";
import { dbPool } from "@/server/db-pool";

export type Health = { ok: boolean; database: "up" | "down"; version: string; error?: string };

// On the pool, not through Prisma: `npm start` waits for this answer, and the
// health route then loads no Prisma client (its first load in the web server
// is the first page or API call that reads data).
export async function checkHealth(): Promise<Health> {
  const version = packageJson.version;
  try {
    await dbPool.query("SELECT 1");
    return { ok: true, database: "up", version };
  } catch (error) {
    return { ok: false, database: "down", version, error: (error as Error).message };
  }
}
