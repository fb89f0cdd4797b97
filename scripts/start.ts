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
//
// A warm start (build current, database initialised or DATABASE_URL given)
// starts the web server first, beside PostgreSQL, closed to requests until a
// check of the applied migrations proves nothing is pending
// (scripts/lib/start-plan.ts); anything pending is applied with no web server
// running. What the database and the runner need (pg, graphile-worker,
// Prisma) is loaded after that spawn, so it does not delay it.
import path from "node:path";
import { adoptEnvironment, assertSafeToServe, ConfigError, loadConfig } from "@/server/config/load-config";
import { expectedDatabaseUrl } from "@/server/database/expected-url";
import type { RunnerHandle } from "@/server/runner/process/run-runner";
import { agentReadinessLines } from "./lib/agent-readiness";
import { createSupervisor, type Supervisor } from "./lib/children";
import { BuildInterrupted, buildIsCurrent, ensureNextBuild } from "./lib/next-build";
import { leanMallocToForget, WEB_MMAP_THRESHOLD, webNodeArgs } from "./lib/server-node-args";
import { afterDatabase, earlyWebUrl, webAnswers } from "./lib/start-plan";

const root = process.cwd();
const dev = process.argv.includes("--dev");
const log = (line: string) => console.log(`[arbor] ${line}`);
const WEB_STOP_GRACE_MS = 3_000;
/**
 * The web server's own environment, under what the person set. glibc gives
 * each thread that allocates at once an arena of its own (up to 8 per core),
 * and Next's threads leave them resident: two arenas kept the idle web server
 * ~17 MiB smaller (PSS) at no start-up or request cost the benchmark could see
 * (docs/performance.md, "Start-up and footprint"). A fixed mmap threshold
 * like this process's (LEAN_MALLOC_ENV), at 128 KiB rather than 64: the web
 * server's first answer waits for its start-up, where fresh pages for every
 * 64 KiB socket read cost time; the larger blocks (Next's file reads) free as
 * much idle memory. Not in the runner's environment: agents inherit that one.
 */
const WEB_ONLY_ENV: Record<string, string> = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: WEB_MMAP_THRESHOLD };
/** How long the runner waits for the web server's first answer before it starts anyway. */
const WEB_ANSWER_WAIT_MS = 20_000;

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
    // config.env is this process's environment: the runner's agents inherit it, and should not inherit this.
    adoptEnvironment(leanMallocToForget(config.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[arbor] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const baseEnv: NodeJS.ProcessEnv = {
    ...config.env,
    HOST: config.host,
    PORT: String(config.port),
    ARBOR_DATA_DIR: config.dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    // Where this runner's agents reach Arbor's MCP server: this web server, over loopback.
    ARBOR_MCP_URL: config.env.ARBOR_MCP_URL || `http://${loopbackAddressOf(config.host)}:${config.port}/api/mcp`,
  };
  // Next.js stops by waiting for its open requests, and a page's live
  // updates (SSE) never end by themselves: a few seconds for the short
  // requests, then the web server is killed (it holds nothing to save).
  const children = createSupervisor(root, { stopGraceMs: WEB_STOP_GRACE_MS });
  supervisor = children;
  children.onUnexpectedExit((name, code, signal) => {
    console.error(`[arbor] ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping`);
    stopRequested = true;
    exit(1);
  });
  const startWeb = (databaseEnv: NodeJS.ProcessEnv, gated: boolean) => {
    const env = { ...databaseEnv, ...WEB_ONLY_ENV, ...pick(config.env, Object.keys(WEB_ONLY_ENV)) };
    const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
    const nextArgs = [dev ? "dev" : "start", "-H", config.host, "-p", String(config.port)];
    // The web server's heap kept lean like this process's (LEAN_HEAP, preloaded: it is a Node script).
    if (dev) children.start("web", bin("next"), nextArgs, env);
    else
      children.start("web", process.execPath, [...webNodeArgs(root, gated), path.join(root, "node_modules", "next", "dist", "bin", "next"), ...nextArgs], env, {
        gated,
      });
    log(`Arbor is starting at http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`);
  };

  const early = earlyWebUrl({
    dev,
    buildCurrent: !dev && buildIsCurrent(root, config.nextDistDir),
    expectedUrl: await expectedDatabaseUrl({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, port: config.embeddedDbPort }),
  });
  if (early) startWeb({ ...baseEnv, DATABASE_URL: early }, true);

  const [{ resolveDatabase }, { applyMigrations }, { installQueueSchema }, { checkMigrations }] = await Promise.all([
    import("@/server/database/resolve-database"),
    import("@/server/migrations/apply-migrations"),
    import("@/server/queue/install-queue-schema"),
    import("./lib/pending-migrations"),
  ]);
  // The embedded server's own output (initdb, postgres logs) stays out of the console.
  if (!config.databaseUrl) log(`starting the embedded PostgreSQL (data in ${path.join(config.dataDir, "postgres")})…`);
  const db = await resolveDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, port: config.embeddedDbPort });
  stopDatabase = db.stop;
  log(db.embedded ? `embedded PostgreSQL ready (data in ${path.join(config.dataDir, "postgres")})` : "using DATABASE_URL");
  checkpoint();
  const env: NodeJS.ProcessEnv = { ...baseEnv, DATABASE_URL: db.url };
  // Arbor's migrations and the queue's own schema, side by side.
  const queueSchema = installQueueSchema(db.url);
  queueSchema.catch(() => {}); // awaited below; a failure meanwhile must not count as unhandled
  const check = early === db.url ? await checkMigrations(db.url).catch(() => null) : null;
  if (afterDatabase(early, db.url, check) === "open") {
    for (const name of check!.modified) log(`warning: migration ${name} was modified after it was applied`);
    await queueSchema;
    log("database schema up to date (no migration pending)");
    checkpoint();
    children.openGate("web");
  } else {
    // Something to apply (or a URL other than the one the early web server got): no web server runs beside a migration.
    if (early) {
      log(
        check
          ? `${check.pending.length} migration(s) pending: the web server starts again once they are applied`
          : "the web server starts again once the schema is checked",
      );
      await children.stop("web");
    }
    const [migrations] = await Promise.all([applyMigrations(db.url, { log }), queueSchema]);
    log(`database schema up to date (${migrations.applied.length} migration(s) applied now)`);
    checkpoint();
    if (!dev) ensureNextBuild(root, config.nextDistDir, env, log);
    checkpoint();
    startWeb(env, false);
  }

  if (config.runner.disabled) return;
  // The runner and the agents' probes take CPU the web server's first answer needs: they wait for it (`next dev` compiles on demand: not there).
  if (!dev) await webAnswers(`http://${loopbackAddressOf(config.host)}:${config.port}/api/health`, WEB_ANSWER_WAIT_MS, () => stopRequested);
  checkpoint();
  // The runner, here, on the database chosen above.
  adoptEnvironment(env);
  const { startRunner } = await import("@/server/runner/process/run-runner");
  const { dbPool } = await import("@/server/db-pool");
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

/** The entries of `env` named in `keys` that are set. */
function pick(env: NodeJS.ProcessEnv, keys: string[]): Record<string, string | undefined> {
  return Object.fromEntries(keys.filter((key) => env[key] !== undefined).map((key) => [key, env[key]]));
}
