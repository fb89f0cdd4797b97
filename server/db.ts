import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadConfig } from "@/server/config/load-config";
import { PrismaClient } from "@/server/generated/prisma/client";

// One Prisma client per process. Next's dev server re-evaluates modules on
// every change, so the instance is parked on globalThis to avoid leaking pools.
const globalForPrisma = globalThis as unknown as { arborPrisma?: PrismaClient };

function createClient(): PrismaClient {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error("DATABASE_URL is not set: start Arbor with `npm start`, which provides the embedded database");
  }
  const adapter = new PrismaPg({ connectionString: config.databaseUrl, max: config.dbPoolMax });
  return new PrismaClient({ adapter });
}

export const prisma: PrismaClient = globalForPrisma.arborPrisma ?? createClient();
globalForPrisma.arborPrisma = prisma;
