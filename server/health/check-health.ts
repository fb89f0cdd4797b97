import "server-only";
import packageJson from "@/package.json";
import { prisma } from "@/server/db";

export type Health = { ok: boolean; database: "up" | "down"; version: string; error?: string };

export async function checkHealth(): Promise<Health> {
  const version = packageJson.version;
  try {
    await prisma.$queryRaw`SELECT 1`;
    return { ok: true, database: "up", version };
  } catch (error) {
    return { ok: false, database: "down", version, error: (error as Error).message };
  }
}
