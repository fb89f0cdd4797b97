import path from "node:path";
import { readCredentials, type ClusterCredentials } from "./cluster-files";
import { isInitialised } from "./initialise-cluster";
import { resolveEmbeddedPort } from "./port";

// The embedded database's URL, known before anything is started: `npm start`
// hands it to the web server it starts beside the database (scripts/start.ts).
// Nothing here loads a database client, so that start is not kept waiting.

export const HOST = "127.0.0.1";
export const DEFAULT_DATABASE = "arbor";

export function connectionUrl(port: number, credentials: ClusterCredentials, database: string): string {
  const auth = `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}`;
  return `postgresql://${auth}@${HOST}:${port}/${encodeURIComponent(database)}`;
}

/**
 * The URL startEmbeddedPostgres gives when it starts the cluster in `dataDir`
 * itself, or undefined before the cluster's first start (initdb picks its
 * password). A start that ends up sharing another process's server, on its
 * port, gets another URL: the caller compares.
 */
export async function expectedEmbeddedUrl(options: { dataDir: string; port?: number; database?: string }): Promise<string | undefined> {
  const dataDir = path.resolve(options.dataDir);
  if (!(await isInitialised(dataDir))) return undefined;
  return connectionUrl(resolveEmbeddedPort(options.port), await readCredentials(dataDir), options.database ?? DEFAULT_DATABASE);
}

/** The URL resolveDatabase will give (DATABASE_URL, or the embedded cluster's under `<dataDir>/postgres`), undefined before that cluster's first start. */
export async function expectedDatabaseUrl(options: { databaseUrl: string | undefined; dataDir: string; port?: number }): Promise<string | undefined> {
  if (options.databaseUrl) return options.databaseUrl;
  return expectedEmbeddedUrl({ dataDir: path.join(options.dataDir, "postgres"), port: options.port });
}
