import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { dbPool } from "@/server/db-pool";
import { PrismaClient } from "@/server/generated/prisma/client";

// One Prisma client per process, on the process's node-postgres pool
// (server/db-pool.ts), which the few hot statements written by hand use
// directly as prepared statements (record-follow-up.ts). Parked on globalThis
// as the pool is (Next's dev server re-evaluates modules on every change).
const parked = globalThis as unknown as { arborPrisma?: PrismaClient };
parked.arborPrisma ??= new PrismaClient({ adapter: new PrismaPg(dbPool) });

export const prisma: PrismaClient = parked.arborPrisma;
