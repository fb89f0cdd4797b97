// `npm start`: the whole app on one machine. Starts (or connects to) the
// database, applies migrations, builds the web app if needed, then runs the
// Next.js server as a supervised child and one runner in this process (one
// Node process fewer to keep in memory; `npm run runner` starts more, as
// processes of their own). `npm start` runs this compiled (scripts/start.mjs),
// `npm run dev` through tsx.
import path from "node:path";
import { adoptEnvironment, assertSafeToServe, ConfigError, loadConfig } from "@/server/config/load-config";
import { resolveDatabase } from "@/server/database/resolve-database";
import { applyMigrations } from "@/server/migrations/apply-migrations";
import { installQueueSchema } from "@/server/queue/install-queue-schema";
import type { RunnerHandle } from "@/server/runner/run-runner";
import { createSupervisor } from "./lib/children";
import { ensureNextBuild } from "./lib/next-build";
import { LEAN_HEAP_ARGS } from "./lib/server-node-args";

const root = process.cwd();
const dev = process.argv.includes("--dev");
const log = (line: string) => console.log(`[arbor] ${line}`);
// Set once a database is started, so a failed start still shuts it down.
let stopDatabase: () => Promise<void> = async () => {};

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    assertSafeToServe(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[arbor] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // The embedded server's own output (initdb, postgres logs) stays out of the console.
  if (!config.databaseUrl) log(`starting the embedded PostgreSQL (data in ${path.join(config.dataDir, "postgres")})…`);
  const db = await resolveDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, port: config.embeddedDbPort });
  stopDatabase = db.stop;
  log(db.embedded ? `embedded PostgreSQL ready (data in ${path.join(config.dataDir, "postgres")})` : "using DATABASE_URL");
  // Arbor's migrations and the queue's own schema, side by side.
  const [migrations] = await Promise.all([applyMigrations(db.url, { log }), installQueueSchema(db.url)]);
  log(`database schema up to date (${migrations.applied.length} migration(s) applied now)`);

  const env: NodeJS.ProcessEnv = {
    ...config.env,
    DATABASE_URL: db.url,
    HOST: config.host,
    PORT: String(config.port),
    ARBOR_DATA_DIR: config.dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (!dev) ensureNextBuild(root, config.nextDistDir, env, log);

  const supervisor = createSupervisor(root);
  const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
  // The web server's heap kept lean like this process's (LEAN_HEAP_ARGS, on its command line: it is a Node script).
  const nextArgs = [dev ? "dev" : "start", "-H", config.host, "-p", String(config.port)];
  if (dev) supervisor.start("web", bin("next"), nextArgs, env);
  else supervisor.start("web", process.execPath, [...LEAN_HEAP_ARGS, path.join(root, "node_modules", "next", "dist", "bin", "next"), ...nextArgs], env);
  log(`Arbor is starting at http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`);

  let runner: RunnerHandle | null = null;
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    await Promise.all([supervisor.stopAll(), runner?.stop().catch((error: Error) => console.error(`[runner] did not stop cleanly: ${error.message}`))]);
    await db.stop();
    process.exit(code);
  };
  supervisor.onUnexpectedExit((name, code, signal) => {
    console.error(`[arbor] ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping`);
    void shutdown(1);
  });
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  if (!config.runner.disabled) {
    // The runner, here: it boots while the web server does (they are separate processes), on the database chosen above.
    adoptEnvironment(env);
    const { startRunner } = await import("@/server/runner/run-runner");
    try {
      runner = await startRunner({
        databaseUrl: db.url,
        runnerId: config.runner.id,
        concurrency: config.runner.concurrency,
        env,
        log: (line) => console.log(`[runner] ${line}`),
      });
    } catch (error) {
      console.error(`[runner] failed to start: ${(error as Error).message}`);
      await shutdown(1);
    }
  }
}

main().catch(async (error) => {
  console.error(`[arbor] failed to start: ${(error as Error).message}`);
  await stopDatabase().catch(() => {});
  process.exit(1);
});
