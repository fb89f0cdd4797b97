import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import pg from "pg";
import { loadConfig } from "@/server/config/load-config";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/server/database/embedded-postgres";
import { resolveDatabase } from "@/server/database/resolve-database";
import { isAlive } from "@/server/database/process-info";

// Real PostgreSQL processes on throwaway data directories and free ports, so
// this never touches a developer's .arbor or a running Arbor on 54329.
jest.setTimeout(120_000);

const holder = path.join(process.cwd(), "test", "support", "hold-embedded-postgres.ts");
const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");

let root: string;
let dataDir: string;
const running: EmbeddedPostgres[] = [];
const children: ChildProcess[] = [];
const holderPids: number[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "arbor-embedded-pg-"));
  dataDir = path.join(root, "data", "postgres");
});

afterEach(async () => {
  for (const pid of holderPids.splice(0)) if (isAlive(pid)) process.kill(pid, "SIGTERM");
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  for (const db of running.splice(0)) await db.stop();
  await rm(root, { recursive: true, force: true });
});

async function start(port: number, extra: { log?: (line: string) => void } = {}): Promise<EmbeddedPostgres> {
  const db = await startEmbeddedPostgres({ dataDir, port, ...extra });
  running.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
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

// tsx runs the script in a child node process; `pid` is that process, the
// one that owns PostgreSQL.
async function startHolder(port: number): Promise<{ child: ChildProcess; url: string; pid: number }> {
  const child = spawn(tsx, [holder, dataDir, String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const [line] = (await Promise.race([
    once(child.stdout!, "data"),
    once(child, "exit").then(() => {
      throw new Error(`holder exited: ${stderr}`);
    }),
  ])) as [Buffer];
  const { url, pid } = JSON.parse(line.toString()) as { url: string; pid: number };
  holderPids.push(pid);
  return { child, url, pid };
}

async function postmasterPid(): Promise<number> {
  return Number((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]);
}

test("data survives a stop and a restart, and stop() is idempotent", async () => {
  const port = await freePort();
  const stdout = jest.spyOn(process.stdout, "write");
  const stderr = jest.spyOn(process.stderr, "write");
  const first = await start(port);
  // Silent without a `log`: initdb's and PostgreSQL's chatter stays out of Arbor's output.
  expect(stdout).not.toHaveBeenCalled();
  expect(stderr).not.toHaveBeenCalled();
  stdout.mockRestore();
  stderr.mockRestore();
  expect(first.url).toMatch(new RegExp(`^postgresql://postgres:[^@]+@127\\.0\\.0\\.1:${port}/arbor$`));
  expect(first.owned).toBe(true);
  await query(first.url, "CREATE TABLE notes (body text)");
  await query(first.url, "INSERT INTO notes VALUES ($1)", ["kept"]);
  const [{ max_connections }] = await query<{ max_connections: string }>(first.url, "SHOW max_connections");
  expect(Number(max_connections)).toBeGreaterThanOrEqual(200);

  await first.stop();
  await first.stop();
  await expect(query(first.url, "SELECT 1")).rejects.toThrow();

  const second = await start(port);
  expect(second.url).toBe(first.url); // same credentials: initialised once
  expect(await query(second.url, "SELECT body FROM notes")).toEqual([{ body: "kept" }]);
});

test("creates the requested database when missing, and relays PostgreSQL's log when asked", async () => {
  const port = await freePort();
  const lines: string[] = [];
  const db = await startEmbeddedPostgres({ dataDir, port, database: "other_db", log: (l) => lines.push(l) });
  running.push(db);
  expect(await query(db.url, "SELECT current_database() AS name")).toEqual([{ name: "other_db" }]);
  expect(lines.some((l) => l.includes("ready to accept connections"))).toBe(true);
});

test("starts over a stale postmaster.pid whose process is gone", async () => {
  const port = await freePort();
  const db = await start(port);
  const lockText = await readFile(path.join(dataDir, "postmaster.pid"), "utf8");
  await db.stop();

  const exited = spawnSync("true");
  const deadPid = exited.pid!;
  expect(isAlive(deadPid)).toBe(false);
  await writeFile(path.join(dataDir, "postmaster.pid"), lockText.replace(/^\d+/, String(deadPid)));

  const again = await start(port);
  expect(await query(again.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
});

test("starts over a stale postmaster.pid whose pid now belongs to an unrelated process", async () => {
  const port = await freePort();
  const db = await start(port);
  const lockText = await readFile(path.join(dataDir, "postmaster.pid"), "utf8");
  await db.stop();

  const unrelated = spawn("sleep", ["60"]);
  children.push(unrelated);
  await writeFile(path.join(dataDir, "postmaster.pid"), lockText.replace(/^\d+/, String(unrelated.pid)));

  const again = await start(port);
  expect(await query(again.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
  expect(isAlive(unrelated.pid!)).toBe(true); // not ours to stop
});

test("after the owning process is killed with SIGKILL, the orphaned server is stopped cleanly and replaced", async () => {
  const port = await freePort();
  const { child, url, pid } = await startHolder(port);
  await query(url, "CREATE TABLE survivors (n int)");
  await query(url, "INSERT INTO survivors VALUES (1)");
  const orphan = await postmasterPid();

  process.kill(pid, "SIGKILL");
  await once(child, "exit");
  expect(isAlive(orphan)).toBe(true); // PostgreSQL outlives its parent

  const lines: string[] = [];
  const db = await start(port, { log: (l) => lines.push(l) });
  expect(db.owned).toBe(true);
  expect(lines.join("\n")).toMatch(/orphaned/);
  expect(isAlive(orphan)).toBe(false);
  expect(await postmasterPid()).not.toBe(orphan);
  expect(await query(db.url, "SELECT n FROM survivors")).toEqual([{ n: 1 }]);
});

test("shares a server whose owning Arbor process is alive, and leaves it running on stop()", async () => {
  const port = await freePort();
  const { child, url } = await startHolder(port);
  const ownerPostmaster = await postmasterPid();

  const shared = await start(port);
  expect(shared.owned).toBe(false);
  expect(shared.url).toBe(url);
  await shared.stop();
  expect(await query(url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
  expect(await postmasterPid()).toBe(ownerPostmaster);

  child.kill("SIGTERM");
  await once(child, "exit");
  expect(isAlive(ownerPostmaster)).toBe(false);
});

test("fails with a clear message when the port is taken by another program", async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  const { port } = blocker.address() as net.AddressInfo;
  try {
    await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(
      new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use by another program.*ARBOR_DB_PORT`),
    );
  } finally {
    blocker.close();
  }
});

test("the embedded database listens on ARBOR_DB_PORT, as npm start configures it", async () => {
  const port = await freePort();
  const config = loadConfig({ ARBOR_DB_PORT: String(port), ARBOR_DATA_DIR: path.join(root, "data") });
  const db = await resolveDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, port: config.embeddedDbPort });
  try {
    expect(db.embedded).toBe(true);
    expect(new URL(db.url).port).toBe(String(port));
  } finally {
    await db.stop();
  }
});

const asRoot = process.getuid?.() === 0 ? test : test.skip;
asRoot("as root, makes a private parent directory reachable for the postgres OS user", async () => {
  const privateDir = path.join(root, "private");
  await mkdir(privateDir, { mode: 0o700 });
  await chmod(privateDir, 0o700);
  dataDir = path.join(privateDir, "arbor", "postgres");
  const db = await start(await freePort());
  expect(await query(db.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
});

test("refuses to initialise over a non-empty directory that is not a cluster", async () => {
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, "precious.txt"), "do not delete");
  await expect(startEmbeddedPostgres({ dataDir, port: await freePort() })).rejects.toThrow(/not a PostgreSQL data directory/);
  expect(await readFile(path.join(dataDir, "precious.txt"), "utf8")).toBe("do not delete");
});
