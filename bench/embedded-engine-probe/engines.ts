import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../server/database/embedded-postgres";

// The two candidates for Arbor's zero-setup database, each started the way
// Arbor would run it and exposed as a PostgreSQL URL, since the web app,
// runner processes and graphile-worker all connect over the wire protocol.

export type StartedEngine = { url: string; stop: () => Promise<void> };

export type Engine = {
  name: string;
  /** Starts on a fresh data directory; `restart` starts again on the same one. */
  start: (dataDir: string) => Promise<StartedEngine>;
};

export const embeddedPostgres: Engine = {
  name: "embedded-postgres",
  start: async (dataDir) => {
    const db = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    return { url: db.url, stop: db.stop };
  },
};

// PGlite is PostgreSQL compiled to WebAssembly, running inside this Node
// process; pglite-socket exposes it on a TCP port. PGlite has exactly one
// backend session, so the socket server multiplexes all client connections
// onto it, queueing queries.
export const pgliteSocket: Engine = {
  name: "PGlite + pglite-socket",
  start: async (dataDir) => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    const db = await PGlite.create(dataDir);
    const port = await freePort();
    const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 200 });
    await server.start();
    return {
      url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
      stop: async () => {
        await server.stop();
        await db.close();
      },
    };
  },
};

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "arbor-engine-probe-"));
  try {
    return await fn(path.join(dir, "data"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
