// `npm start`: the whole app on one machine. Starts (or connects to) the
// database, applies migrations, builds the web app if needed, then runs the
// Next.js server as a supervised child and one runner in this process (one
// Node process fewer to keep in memory; `npm run runner` starts more, as
// processes of their own). `npm start` runs this compiled (scripts/start.mjs),
// `npm run dev` through tsx.
//
// Stopping (Ctrl-C, SIGTERM, SIGHUP, or a child dying): the runner first (its
// last writes need the web app's database), then the web server, then this
// process's own database connections, then the database. Only this process
// hears Ctrl-C: the web server and PostgreSQL run in process groups of their
// own, so nothing stops before what depends on it. A signal during start-up
// lets the step under way finish, then stops what was started.
import path from "node:path";
import { adoptEnvironment, assertSafeToServe, ConfigError, loadConfig } from "@/server/config/load-config";
import { resolveDatabase } from "@/server/database/resolve-database";
import { applyMigrations } from "@/server/migrations/apply-migrations";
import { installQueueSchema } from "@/server/queue/install-queue-schema";
import type { RunnerHandle } from "@/server/runner/process/run-runner";
import { agentReadinessLines } from "./lib/agent-readiness";
import { createSupervisor, type Supervisor } from "./lib/children";
import { BuildInterrupted, ensureNextBuild } from "./lib/next-build";
import { LEAN_HEAP_ARGS } from "./lib/server-node-args";

const root = process.cwd();
const dev = process.argv.includes("--dev");
const log = (line: string) => console.log(`[arbor] ${line}`);
const WEB_STOP_GRACE_MS = 3_000;

// What has been started so far, stopped in reverse order of dependence.
let stopDatabase: () => Promise<void> = async () => {};
let supervisor: Supervisor | null = null;
let runner: RunnerHandle | null = null;
let endSharedPool: (() => Promise<void>) | null = null;

/** Set by a signal: start-up stops after its current step. */
let stopRequested = false;
let started = false;
let exiting = false;

/** Thrown between start-up steps once a stop was requested. */
class StopRequested extends Error {}

function checkpoint(): void {
  if (stopRequested) throw new StopRequested("stop requested");
}

async function stopEverything(): Promise<void> {
  if (runner) await runner.stop().catch((error: Error) => console.error(`[runner] did not stop cleanly: ${error.message}`));
  await supervisor?.stopAll();
  // The runner's queries ran on this process's shared pool (server/db.ts); its connections end before the server does.
  await endSharedPool?.().catch(() => {});
  await stopDatabase().catch((error: Error) => console.error(`[arbor] the database did not stop cleanly: ${error.message}`));
}

function exit(code: number): void {
  if (exiting) return;
  exiting = true;
  void stopEverything().finally(() => process.exit(code));
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopRequested) return; // a second Ctrl-C while stopping: the stop under way goes on
    stopRequested = true;
    log(`stopping (${signal})…`);
    if (started) exit(0);
  });
}

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
  checkpoint();
  // Arbor's migrations and the queue's own schema, side by side.
  const [migrations] = await Promise.all([applyMigrations(db.url, { log }), installQueueSchema(db.url)]);
  log(`database schema up to date (${migrations.applied.length} migration(s) applied now)`);
  checkpoint();

  const env: NodeJS.ProcessEnv = {
    ...config.env,
    DATABASE_URL: db.url,
    HOST: config.host,
    PORT: String(config.port),
    ARBOR_DATA_DIR: config.dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    // Where this runner's agents reach Arbor's MCP server: this web server, over loopback.
    ARBOR_MCP_URL: config.env.ARBOR_MCP_URL || `http://${loopbackAddressOf(config.host)}:${config.port}/api/mcp`,
  };
  if (!dev) ensureNextBuild(root, config.nextDistDir, env, log);
  checkpoint();

  // Next.js stops by waiting for its open requests, and a page's live
  // updates (SSE) never end by themselves: a few seconds for the short
  // requests, then the web server is killed (it holds nothing to save).
  const children = createSupervisor(root, { stopGraceMs: WEB_STOP_GRACE_MS });
  supervisor = children;
  const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
  // The web server's heap kept lean like this process's (LEAN_HEAP_ARGS, on its command line: it is a Node script).
  const nextArgs = [dev ? "dev" : "start", "-H", config.host, "-p", String(config.port)];
  if (dev) children.start("web", bin("next"), nextArgs, env);
  else children.start("web", process.execPath, [...LEAN_HEAP_ARGS, path.join(root, "node_modules", "next", "dist", "bin", "next"), ...nextArgs], env);
  log(`Arbor is starting at http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`);
  children.onUnexpectedExit((name, code, signal) => {
    console.error(`[arbor] ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping`);
    stopRequested = true;
    exit(1);
  });

  if (config.runner.disabled) return;
  // The runner, here: it boots while the web server does (they are separate processes), on the database chosen above.
  adoptEnvironment(env);
  const { startRunner } = await import("@/server/runner/process/run-runner");
  const { dbPool } = await import("@/server/db");
  endSharedPool = () => dbPool.end();
  try {
    runner = await startRunner({
      databaseUrl: db.url,
      runnerId: config.runner.id,
      concurrency: config.runner.concurrency,
      env,
      log: (line) => console.log(`[runner] ${line}`),
    });
  } catch (error) {
    if (stopRequested) throw new StopRequested("stop requested");
    console.error(`[runner] failed to start: ${(error as Error).message}`);
    stopRequested = true;
    exit(1);
    return;
  }
  checkpoint();
  void sayWhichAgentsAreReady(env);
}

/** Which agents this runner can start, and what the others lack (in the background: it asks each CLI its version). */
async function sayWhichAgentsAreReady(env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const { listAgentStatuses } = await import("@/server/agents/list-agents");
    const list = await listAgentStatuses({ env });
    if (!exiting) for (const line of agentReadinessLines(list)) log(line);
  } catch (error) {
    if (!exiting) log(`could not list the agents: ${(error as Error).message}`);
  }
}

main().then(
  () => {
    started = true;
    if (stopRequested) exit(0);
  },
  (error: Error) => {
    const interrupted = error instanceof StopRequested || error instanceof BuildInterrupted;
    if (!interrupted) console.error(`[arbor] failed to start: ${error.message}`);
    exit(interrupted ? 0 : 1);
  },
);

/** An address on this machine that reaches a server bound to `host` (a wildcard bind answers on loopback too). */
function loopbackAddressOf(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
