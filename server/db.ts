import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { loadConfig } from "@/server/config/load-config";
import { PrismaClient } from "@/server/generated/prisma/client";

// One Prisma client per process. Next's dev server re-evaluates modules on
// every change, so the instance is parked on globalThis to avoid leaking pools.
// Prisma runs on a node-postgres pool of ours, which the few hot statements
// written by hand use directly as prepared statements (record-follow-up.ts).
const globalForPrisma = globalThis as unknown as { arborPrisma?: { prisma: PrismaClient; pool: pg.Pool } };

function createClient(): { prisma: PrismaClient; pool: pg.Pool } {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error("DATABASE_URL is not set: start Arbor with `npm start`, which provides the embedded database");
  }
  // The pool outlives $disconnect (a runner stopping in a process whose web
  // code goes on, as in tests, must not end it under that code), and never
  // keeps a process alive: idle connections let it exit.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.dbPoolMax, allowExitOnIdle: true });
  // A connection the server ends (its shutdown when `npm start` stops, a
  // restart, an administrator) is dropped by the pool and replaced on next
  // use, and a query it was running fails as usual; without listeners,
  // node-postgres's 'error' events (the pool's for idle connections, each
  // client's while it is checked out) would end the process.
  pool.on("error", () => {});
  pool.on("connect", (connection) => connection.on("error", () => {}));
  const adapter = new PrismaPg(pool);
  return { prisma: new PrismaClient({ adapter }), pool };
}

const client = globalForPrisma.arborPrisma ?? createClient();
globalForPrisma.arborPrisma = client;

export const prisma: PrismaClient = client.prisma;
/** Prisma's own pool, for statements written by hand (pool.query({ name, text, values }) prepares them once per connection). */
export const dbPool: pg.Pool = client.pool;
