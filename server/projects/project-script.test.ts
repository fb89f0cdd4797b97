import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { describeScriptOutcome, runProjectScript, type ScriptLine } from "@/server/projects/project-script";

// A project's own script: sh -c, its own process group, a time limit, its
// output bounded, Arbor's secrets kept from it.

const run = (script: string, options: { timeoutMs?: number; maxBytes?: number; env?: Record<string, string> } = {}) => {
  const lines: ScriptLine[] = [];
  const done = runProjectScript({
    script,
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH, ...options.env },
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBytes: options.maxBytes,
    onLine: (line) => lines.push(line),
  });
  return done.then((outcome) => ({ outcome, lines }));
};

it("keeps Arbor's secrets from the script", async () => {
  const env = {
    ARBOR_TOKEN: "t",
    ARBOR_MCP_TOKEN: "m",
    ARBOR_GITHUB_TOKEN: "g",
    ARBOR_GITHUB_WEBHOOK_SECRET: "w",
    ARBOR_NOTIFY_SECRET: "n",
    DATABASE_URL: "d",
  };
  const { lines } = await run('echo "${ARBOR_GITHUB_TOKEN:-none} ${DATABASE_URL:-none} $KEEP"', { env: { ...env, KEEP: "kept" } });
  expect(lines).toEqual([{ stream: "stdout", text: "none none kept" }]);
});

it("hands over its lines in order, bounded, and keeps the tail for a failure", async () => {
  const { outcome, lines } = await run('echo one; i=0; while [ $i -lt 200 ]; do echo "line $i"; i=$((i+1)); done; echo last; exit 4', { maxBytes: 40 });
  expect(lines.map((l) => l.text)).toEqual(["one", "line 0", "line 1", "line 2", "line 3", "line 4"]);
  expect(outcome).toMatchObject({ status: "failed", exitCode: 4, truncated: true });
  expect(outcome.tail).toMatch(/line 199\nlast\n$/);
  expect(describeScriptOutcome("The setup script", outcome, 1000)).toBe("The setup script exited with code 4");
});

it("stops a script at its limit, with everything it started", async () => {
  const started = Date.now();
  const pidFile = path.join(os.tmpdir(), `arbor-script-${process.pid}-${Date.now()}.pid`);
  const { outcome } = await run(`sleep 30 & echo $! > '${pidFile}'; sleep 30`, { timeoutMs: 1_000 });
  expect(outcome).toMatchObject({ status: "timed_out", exitCode: null });
  expect(Date.now() - started).toBeLessThan(5_000);
  // The background sleep went with the script's group.
  const pid = Number(readFileSync(pidFile, "utf8"));
  rmSync(pidFile, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(running(pid)).toBe(false);
});

/** Whether a process still runs (a zombie no one reaped yet, in a container without an init that reaps, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

it("does not wait for what a finished script left in the background", async () => {
  const started = Date.now();
  const { outcome } = await run("sleep 30 & echo done");
  expect(outcome.status).toBe("passed");
  expect(Date.now() - started).toBeLessThan(5_000);
});

it("stops a script when its signal is aborted (a cancelled run)", async () => {
  const stop = new AbortController();
  const done = runProjectScript({ script: "sleep 30", cwd: os.tmpdir(), env: { PATH: process.env.PATH }, timeoutMs: 10_000, signal: stop.signal });
  setTimeout(() => stop.abort(), 100);
  expect(await done).toMatchObject({ status: "cancelled", exitCode: null });
});
