import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inspectPostmaster, parsePostmasterPid } from "./postmaster-pid";

const LOCK = ["4242", "/data/pg", "1763784651", "54329", "", "127.0.0.1", "  1234567    32768", "ready   ", ""].join("\n");

describe("parsePostmasterPid", () => {
  it("reads pid, data directory and port", () => {
    expect(parsePostmasterPid(LOCK)).toEqual({ pid: 4242, dataDir: "/data/pg", port: 54329 });
  });

  it("rejects a torn or empty file", () => {
    expect(parsePostmasterPid("")).toBeUndefined();
    expect(parsePostmasterPid("abc\n")).toBeUndefined();
  });

  it("tolerates a lock file written before the port line", () => {
    expect(parsePostmasterPid("77\n/data\n")).toEqual({ pid: 77, dataDir: "/data", port: undefined });
  });
});

describe("inspectPostmaster", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "arbor-pmpid-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const writeLock = (pid: number | string) => writeFile(path.join(dir, "postmaster.pid"), LOCK.replace("4242", String(pid)));

  it("reports no lock file", async () => {
    expect(await inspectPostmaster(dir)).toEqual({ kind: "absent" });
  });

  it("reports a dead pid, which PostgreSQL recovers from itself", async () => {
    const gone = spawnSync("true").pid;
    await writeLock(gone);
    expect(await inspectPostmaster(dir)).toMatchObject({ kind: "dead", lock: { pid: gone } });
  });

  it("reports a pid recycled by a process that is not a postmaster of this directory", async () => {
    await writeLock(process.pid);
    expect(await inspectPostmaster(dir)).toMatchObject({ kind: "reused", lock: { pid: process.pid } });
  });

  it("treats a torn lock file as dead", async () => {
    await writeLock("");
    expect((await inspectPostmaster(dir)).kind).toBe("dead");
  });
});
