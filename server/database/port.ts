import net from "node:net";

export const DEFAULT_EMBEDDED_PORT = 54329;

/** Explicit option, then ARBOR_DB_PORT, then a default away from a system PostgreSQL's 5432. */
export function resolveEmbeddedPort(explicit: number | undefined, env: Record<string, string | undefined> = process.env): number {
  const raw = explicit ?? (env.ARBOR_DB_PORT ? Number(env.ARBOR_DB_PORT) : DEFAULT_EMBEDDED_PORT);
  if (!Number.isInteger(raw) || raw < 1 || raw > 65535) {
    throw new Error(`ARBOR_DB_PORT must be a port number between 1 and 65535, got "${env.ARBOR_DB_PORT ?? explicit}"`);
  }
  return raw;
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
