import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/server/generated/prisma/client";

// One Prisma client per process. Next's dev server re-evaluates modules on
// every change, so the instance is parked on globalThis to avoid leaking pools.
const globalForPrisma = globalThis as unknown as { arborPrisma?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start Arbor with `npm start`, which provides the embedded database");
  }
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.ARBOR_DB_POOL_MAX ?? 10) });
  return new PrismaClient({ adapter });
}

export const prisma: PrismaClient = globalForPrisma.arborPrisma ?? createClient();
globalForPrisma.arborPrisma = prisma;
