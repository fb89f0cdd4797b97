import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { ClusterCredentials } from "./cluster-files";
import { HOST } from "./expected-url";
import type { PostgresBinaries } from "./postgres-binaries";
import { isAlive } from "./process-info";
import { captureOutput, spawnAsServerUser } from "./run-as";
import type { ServerUser } from "./server-os-user";

// Starting, waiting for, and stopping a postmaster. Shutdown always uses
// PostgreSQL's "fast" mode (SIGINT: roll back open transactions, checkpoint,
// exit) and only escalates to "immediate" (SIGQUIT: crash recovery on next
// start, still no data loss). Never SIGKILL: that can leave backends holding
// shared memory and block the next start.

export { HOST };
const READY_TIMEOUT_MS = 120_000; // crash recovery after an unclean stop can take a while
/**
 * How often a start asks whether PostgreSQL accepts connections yet: a warm
 * start takes it ~50-150 ms here, and each attempt is a refused connection or
 * a "starting up" reply (cheap), so a coarse step would add most of a step to
 * every start (the start path waits on this).
 */
const READY_POLL_MS = 10;
const FAST_SHUTDOWN_TIMEOUT_MS = 60_000;
const IMMEDIATE_SHUTDOWN_TIMEOUT_MS = 15_000;

export type Postmaster = { pid: number; stop: () => Promise<void> };

export async function launchPostmaster(options: {
  binaries: PostgresBinaries;
  dataDir: string;
  port: number;
  maxConnections: number;
  user: ServerUser | undefined;
  credentials: ClusterCredentials;
  log: ((line: string) => void) | undefined;
}): Promise<Postmaster> {
  const child = spawnAsServerUser(
    options.binaries.postgres,
    [
      "-D",
      options.dataDir,
      "-p",
      String(options.port),
      // Settings on the command line rather than in postgresql.conf, so they
      // also apply to clusters created by older versions of Arbor.
      "-c",
      `listen_addresses=${HOST}`,
      // TCP only: no socket files in /tmp to collide with another server.
      "-c",
      "unix_socket_directories=",
      "-c",
      `max_connections=${options.maxConnections}`,
      // A small machine's footprint (docs/performance.md, "Start-up and footprint"):
      // the buffer pool's resident pages count in the idle tree, and beyond it
      // the OS page cache still holds the files; 128 MB → 32 MB saved ~6 MiB
      // PSS idle, and caps what a busy day leaves resident. Arbor uses no
      // logical replication, whose launcher is one more process otherwise.
      "-c",
      "shared_buffers=32MB",
      "-c",
      "max_logical_replication_workers=0",
    ],
    options.user,
  );
  const output = captureOutput(child, options.log);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const spawnFailed = new Promise<never>((_, reject) => child.once("error", reject));
  if (child.pid === undefined) await spawnFailed;

  // If Arbor exits without calling stop(), still ask PostgreSQL to shut down
  // cleanly; a synchronous signal is all an exit handler can do.
  const onProcessExit = () => child.kill("SIGINT");
  process.once("exit", onProcessExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener("exit", onProcessExit);
      await shutdownChild(child, exited);
    })();
    return stopping;
  };

  try {
    await Promise.race([
      waitUntilAcceptingConnections(options.port, options.credentials),
      spawnFailed,
      exited.then(({ code, signal }) => {
        throw new Error(`PostgreSQL exited during startup (${signal ?? `exit code ${code}`}):\n${output()}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid!, stop };
}

async function waitUntilAcceptingConnections(port: number, credentials: ClusterCredentials): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ host: HOST, port, user: credentials.user, password: credentials.password, database: "postgres" });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000}s: ${(error as Error).message}`);
      await sleep(READY_POLL_MS);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

async function shutdownChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGINT");
  if (await settlesWithin(exited, FAST_SHUTDOWN_TIMEOUT_MS)) return;
  child.kill("SIGQUIT");
  await exited;
}

/** Stops a postmaster that is not our child, e.g. one orphaned when a previous Arbor was killed. */
export async function stopPostmasterByPid(pid: number): Promise<void> {
  signal(pid, "SIGINT");
  if (await exitsWithin(pid, FAST_SHUTDOWN_TIMEOUT_MS)) return;
  signal(pid, "SIGQUIT");
  if (await exitsWithin(pid, IMMEDIATE_SHUTDOWN_TIMEOUT_MS)) return;
  throw new Error(`PostgreSQL (pid ${pid}) did not shut down; stop it by hand and start Arbor again`);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer); // a pending 60 s timer would otherwise keep the process alive
  }
}
