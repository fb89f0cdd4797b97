import net from "node:net";

export const DEFAULT_EMBEDDED_PORT = 54329;

/** The given port (ARBOR_DB_PORT, parsed by server/config/load-config.ts), else a default away from a system PostgreSQL's 5432. */
export function resolveEmbeddedPort(explicit: number | undefined): number {
  const port = explicit ?? DEFAULT_EMBEDDED_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`The embedded database port must be a port number between 1 and 65535, got ${explicit}`);
  }
  return port;
}

/** Fails with a sentence a user can act on, instead of PostgreSQL's bind error buried in its log. */
export async function assertPortFree(port: number, host: string): Promise<void> {
  const free = await new Promise<boolean>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") resolve(false);
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
  if (!free) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: port ${port} on ${host} is already in use by another program. ` +
        `Set ARBOR_DB_PORT to a free port, stop that program, or set DATABASE_URL to use an existing PostgreSQL server.`,
    );
  }
}
