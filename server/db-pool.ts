import "server-only";
import pg from "pg";
import { loadConfig } from "@/server/config/load-config";

// The process's node-postgres pool, in a module of its own: what needs only
// SQL (the health check `npm start` waits for, the hot statements written by
// hand) loads no Prisma client with it. Prisma runs on this same pool
// (server/db.ts). Next's dev server re-evaluates modules on every change, so
// the pool is parked on globalThis to avoid leaking connections.
const parked = globalThis as unknown as { arborDbPool?: pg.Pool };

function createPool(): pg.Pool {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error("DATABASE_URL is not set: start Arbor with `npm start`, which provides the embedded database");
  }
  // The pool outlives Prisma's $disconnect (a runner stopping in a process whose
  // web code goes on, as in tests, must not end it under that code), and never
  // keeps a process alive: idle connections let it exit.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.dbPoolMax, allowExitOnIdle: true });
  // A connection the server ends (its shutdown when `npm start` stops, a
  // restart, an administrator) is dropped by the pool and replaced on next
  // use, and a query it was running fails as usual; without listeners,
  // node-postgres's 'error' events (the pool's for idle connections, each
  // client's while it is checked out) would end the process.
  pool.on("error", () => {});
  pool.on("connect", (connection) => connection.on("error", () => {}));
  return pool;
}

parked.arborDbPool ??= createPool();

/** The pool, for statements written by hand (pool.query({ name, text, values }) prepares them once per connection). */
export const dbPool: pg.Pool = parked.arborDbPool;
