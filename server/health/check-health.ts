import "server-only";
import { prisma } from "@/server/db";

export type Health = { ok: boolean; database: "up" | "down"; version: string; error?: string };

export async function checkHealth(): Promise<Health> {
  const version = process.env.npm_package_version ?? "0.1.0";
  try {
    await prisma.$queryRaw`SELECT 1`;
    return { ok: true, database: "up", version };
  } catch (error) {
    return { ok: false, database: "down", version, error: (error as Error).message };
  }
}
