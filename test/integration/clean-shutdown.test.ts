import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { stopPostmasterByPid } from "@/server/database/postmaster-process";
import { freePort } from "@/test/support/app-server";

// `npm start`'s own start script (scripts/start.mjs: the compiled
// scripts/start.ts, its embedded PostgreSQL, its runner, its web server),
// stopped as a person stops it: Ctrl-C (SIGINT to its process group) and
// SIGTERM. It must stop the runner, the web server and the database in that
// order and exit 0 without a word on stderr — no "Unhandled 'error' event",
// no pg client dump, no stack — every time, with a page's live updates open.
// The web server runs as `next dev` (--dev), so no production build is needed.

jest.setTimeout(180_000);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "arbor-shutdown-"));
});
afterAll(async () => {
  // A start script that crashed leaves its PostgreSQL running: stop it before removing its files.
  const lock = path.join(root, "data", "postgres", "postmaster.pid");
  if (existsSync(lock)) await stopPostmasterByPid(Number((await readFile(lock, "utf8")).split("\n")[0])).catch(() => {});
  await rm(root, { recursive: true, force: true });
});

type Started = { child: ReturnType<typeof spawn>; stdout: () => string; stderr: () => string; exited: Promise<number | null>; url: string };

async function startArbor(dbPort: number): Promise<Started> {
  const port = await freePort();
  // The embedded database, as `npm start` on a fresh clone (no DATABASE_URL), and no NODE_ENV (Jest's "test" is not what a person's shell has).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "DATABASE_URL" && key !== "NODE_ENV"));
  const env: Record<string, string | undefined> = {
    ...inherited,
    ARBOR_DATA_DIR: path.join(root, "data"),
    ARBOR_DB_PORT: String(dbPort),
    PORT: String(port),
    HOST: "127.0.0.1",
    ARBOR_RUNNER_ID: "clean-shutdown-test",
    ARBOR_NEXT_DIST_DIR: ".next-test",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // A process group of its own, as a terminal gives `npm start`: Ctrl-C signals the group.
  const child = spawn(process.execPath, ["--conditions=react-server", "scripts/start.mjs", "--dev"], {
    cwd: process.cwd(),
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  const ready = async () => {
    // Up, and done asking the agent CLIs their versions (so none is left running when the test cleans up).
    if (!/\[runner\] runner .* ready/.test(stdout) || !/agents ready|no agent can run/.test(stdout)) return false;
    const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
    return health?.ok === true;
  };
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`the start script exited early (${child.exitCode}):\n${stdout}\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the start script did not get ready:\n${stdout}\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, stdout: () => stdout, stderr: () => stderr, exited, url };
}

/** Opens what a page keeps open (its live status stream: a LISTEN connection in the web server) and uses the database once. */
async function useTheWebApp(url: string): Promise<AbortController> {
  const live = new AbortController();
  const stream = await fetch(`${url}/api/executions/stream`, { signal: live.signal });
  expect(stream.status).toBe(200);
  void stream
    .body!.getReader()
    .read()
    .catch(() => {});
  const search = await fetch(`${url}/api/search?q=anything`);
  expect(search.status).toBe(200);
  return live;
}

/**
 * stderr without the notice `next dev` prints at start when its disk benchmark is slow ("⚠ Slow
 * filesystem detected. The benchmark took 253ms …" and its "See more" line): seen once in a full
 * run on a busy disk. It says nothing of the shutdown; anything else still fails the test.
 */
const withoutSlowDiskNotice = (stderr: string) => stderr.replace(/^⚠ Slow filesystem detected\..*\n(See more: .*\n)?/m, "");

async function stopsCleanly(signal: "SIGINT" | "SIGTERM", target: "group" | "process") {
  const dbPort = await freePort();
  const arbor = await startArbor(dbPort);
  const live = await useTheWebApp(arbor.url);
  const started = Date.now();
  process.kill(target === "group" ? -arbor.child.pid! : arbor.child.pid!, signal);
  const code = await arbor.exited;
  live.abort();
  const took = Date.now() - started;

  expect({ code, stderr: withoutSlowDiskNotice(arbor.stderr()) }).toEqual({ code: 0, stderr: "" });
  expect(arbor.stdout()).toContain(`[arbor] stopping (${signal})…`);
  expect(arbor.stdout()).not.toMatch(/Unhandled|terminating connection|\n\s+at |did not stop cleanly/);
  // The database stopped with it (its lock file goes), and the web server no longer answers.
  expect(existsSync(path.join(root, "data", "postgres", "postmaster.pid"))).toBe(false);
  await expect(fetch(`${arbor.url}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  expect(took).toBeLessThan(30_000); // seconds when idle; generous for a loaded machine
}

test("Ctrl-C (SIGINT to the process group) stops runner, web server and database, and exits 0 without error output", async () => {
  await stopsCleanly("SIGINT", "group");
});

test("SIGTERM to the start script does the same", async () => {
  await stopsCleanly("SIGTERM", "process");
});
