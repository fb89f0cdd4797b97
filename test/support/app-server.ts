// Runs the production build of the app for end-to-end tests: builds once into
// .next-test (reused while it is newer than every source file), then starts
// `next start` on a free loopback port against the test DATABASE_URL.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { ensureNextBuild } from "@/scripts/lib/next-build";
import { testDatabaseUrl } from "./db";

export const TEST_DIST_DIR = ".next-test";
const HOST = "127.0.0.1";

export interface AppServer {
  /** e.g. "http://127.0.0.1:41234" (no trailing slash). */
  url: string;
  stop(): Promise<void>;
}

export interface StartAppServerOptions {
  /** Extra environment for the server (e.g. ARBOR_TOKEN). */
  env?: Record<string, string | undefined>;
  /** Build folder (default .next-test); benchmarks use their own. */
  distDir?: string;
  /** Database (default: the test DATABASE_URL). */
  databaseUrl?: string;
  /** How long to wait for /api/health, in ms (default 60 s). */
  readyTimeoutMs?: number;
  /** The checkout to build and serve (default: this one; bench/ui-scale.ts --interleave serves two). */
  root?: string;
}

/** Builds into .next-test when needed; no-op when the build is current. Synchronous (a build takes a minute or two). */
export function ensureTestBuild(root = process.cwd(), distDir = TEST_DIST_DIR, databaseUrl = testDatabaseUrl()): void {
  ensureNextBuild(root, distDir, { ...process.env, DATABASE_URL: databaseUrl }, (line) => console.log(`[app-server] ${line}`));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not find a free port"))));
    });
  });
}

export async function startAppServer(options: StartAppServerOptions = {}): Promise<AppServer> {
  const root = options.root ?? process.cwd();
  const distDir = options.distDir ?? TEST_DIST_DIR;
  const databaseUrl = options.databaseUrl ?? testDatabaseUrl();
  ensureTestBuild(root, distDir, databaseUrl);

  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [nextBin, "start", "-H", HOST, "-p", String(port)], {
    cwd: root,
    // Own process group, so stop() also ends anything next start spawns.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // No agent started ahead of new runs unless a test asks (server/runner/warm/prestart-pool.ts).
      ARBOR_PRESTART: "0",
      ...options.env,
      NODE_ENV: "production",
      ARBOR_NEXT_DIST_DIR: distDir,
      DATABASE_URL: databaseUrl,
      HOST,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });

  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.ARBOR_E2E_DEBUG) process.stderr.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (hasExited || child.pid === undefined) return;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    signalGroup("SIGTERM");
    const killTimer = setTimeout(() => signalGroup("SIGKILL"), 5_000);
    await exited;
    clearTimeout(killTimer);
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (hasExited) {
      throw new Error(`next start exited before it was ready (exit ${child.exitCode}). Output:\n${output}`);
    }
    try {
      // A server started with a token answers its health check only with it, like every route.
      const token = options.env?.ARBOR_TOKEN;
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000), headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (res.ok) return { url, stop };
      lastProblem = `/api/health answered ${res.status}: ${(await res.text()).slice(0, 500)}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the app did not become ready at ${url} (${lastProblem}). Output:\n${output}`);
}
