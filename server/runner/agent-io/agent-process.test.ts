import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SplitLine } from "@/server/agents/line-splitter";
import { mergeEnv, spawnAgentProcess } from "@/server/runner/agent-io/agent-process";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";

const NODE = process.execPath;
let cwd: string;

beforeEach(() => {
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agent-process-"));
});
afterEach(() => fs.rmSync(cwd, { recursive: true, force: true }));

const groupAlive = (pgid: number) => liveGroupMembers(pgid).length > 0;

function collect(argv: string[], options: { env?: Record<string, string | undefined> } = {}) {
  const agent = spawnAgentProcess({ argv, cwd, env: options.env });
  const lines: SplitLine[] = [];
  let stderr = "";
  agent.onStdoutLine((line) => {
    lines.push(line);
  });
  agent.onStderr((text) => {
    stderr += text;
  });
  return { agent, lines, stderr: () => stderr };
}

describe("spawnAgentProcess", () => {
  it("hands over stdout lines (split writes joined), stderr text and the exit code", async () => {
    const script = `process.stdout.write("one\\ntw"); setTimeout(() => { process.stdout.write("o\\r\\nlast"); process.stderr.write("warn é"); process.exit(3); }, 20);`;
    const run = collect([NODE, "-e", script]);
    expect(await run.agent.wait()).toEqual({ ok: true, exitCode: 3, signal: null });
    expect(run.lines.map((l) => l.text)).toEqual(["one", "two", "last"]);
    expect(run.stderr()).toBe("warn é");
  });

  it("runs in the cwd with the parent's env plus overrides, and stdin closed", async () => {
    process.env.ARBOR_TEST_INHERITED = "yes";
    process.env.ARBOR_TEST_REMOVED = "present";
    try {
      const script = `let input = ""; process.stdin.on("data", (d) => input += d).on("end", () => console.log(JSON.stringify({ cwd: process.cwd(), inherited: process.env.ARBOR_TEST_INHERITED, added: process.env.ADDED, removed: process.env.ARBOR_TEST_REMOVED ?? null, input })));`;
      const run = collect([NODE, "-e", script], { env: { ADDED: "1", ARBOR_TEST_REMOVED: undefined } });
      expect(await run.agent.wait()).toMatchObject({ ok: true, exitCode: 0 });
      expect(JSON.parse(run.lines[0].text)).toEqual({ cwd: fs.realpathSync(cwd), inherited: "yes", added: "1", removed: null, input: "" });
    } finally {
      delete process.env.ARBOR_TEST_INHERITED;
      delete process.env.ARBOR_TEST_REMOVED;
    }
  });

  it("passes arguments verbatim, with no shell in between", async () => {
    const tricky = ["$(touch pwned)", "; rm -rf /", "-x", "a b", "'\"", "*"];
    const run = collect([NODE, "-e", "console.log(JSON.stringify(process.argv.slice(1)))", ...tricky]);
    await run.agent.wait();
    expect(JSON.parse(run.lines[0].text)).toEqual(tricky);
    expect(fs.existsSync(path.join(cwd, "pwned"))).toBe(false);
  });

  it("returns agent_not_found for a missing binary instead of throwing", async () => {
    const agent = spawnAgentProcess({ argv: [path.join(cwd, "no-such-agent"), "x"], cwd });
    expect(agent.pid).toBeUndefined();
    expect(await agent.wait()).toEqual({ ok: false, reason: "agent_not_found", message: expect.stringContaining("no-such-agent") });
    expect(await agent.terminate(10)).toMatchObject({ ok: false, reason: "agent_not_found" });
  });

  it("tells a missing cwd apart from a missing binary", async () => {
    const agent = spawnAgentProcess({ argv: [NODE, "-e", ""], cwd: path.join(cwd, "gone") });
    expect(await agent.wait()).toMatchObject({ ok: false, reason: "cwd_not_found" });
  });

  it("returns spawn_failed for arguments the OS cannot take", async () => {
    const agent = spawnAgentProcess({ argv: [NODE, "bad\0arg"], cwd });
    expect(await agent.wait()).toMatchObject({ ok: false, reason: "spawn_failed" });
  });

  it("terminates the whole process group gracefully", async () => {
    // A shell with a child: SIGTERM to the group stops both.
    const run = collect(["/bin/sh", "-c", "sleep 30 & echo started; wait"]);
    await waitFor(() => run.lines.length > 0);
    const pid = run.agent.pid!;
    const exit = await run.agent.terminate(2_000);
    expect(exit).toEqual({ ok: true, exitCode: null, signal: "SIGTERM" });
    await waitFor(() => !groupAlive(pid));
  });

  it("kills the group after the grace period when SIGTERM is ignored", async () => {
    const script = `process.on("SIGTERM", () => console.log("ignored")); require("child_process").spawn("sleep", ["30"], { stdio: "ignore" }); console.log("ready"); setInterval(() => {}, 1000);`;
    const run = collect([NODE, "-e", script]);
    await waitFor(() => run.lines.some((l) => l.text === "ready"));
    const pid = run.agent.pid!;
    const started = Date.now();
    const exit = await run.agent.terminate(300);
    expect(exit).toEqual({ ok: true, exitCode: null, signal: "SIGKILL" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(run.lines.map((l) => l.text)).toContain("ignored");
    await waitFor(() => !groupAlive(pid));
  });

  it("does not hang on leftovers that keep stdout open after the main process exits", async () => {
    const run = collect(["/bin/sh", "-c", "sleep 30 & echo bye"]);
    const started = Date.now();
    expect(await run.agent.wait()).toMatchObject({ ok: true, exitCode: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.lines.map((l) => l.text)).toEqual(["bye"]);
    await waitFor(() => !groupAlive(run.agent.pid!));
  });

  it("stops reading while paused and loses nothing", async () => {
    const total = 200_000;
    const script = `let i = 0; function more() { while (i < ${total}) { if (!process.stdout.write("line " + i++ + "\\n")) return process.stdout.once("drain", more); } } more();`;
    const agent = spawnAgentProcess({ argv: [NODE, "-e", script], cwd });
    const seen: number[] = [];
    agent.onStdoutLine((line) => {
      seen.push(Number(line.text.slice(5)));
      if (seen.length === 1_000) agent.pause();
    });
    // As the runner does: wait() is pending while it pauses and resumes.
    const finished = agent.wait();
    await waitFor(() => seen.length >= 1_000);
    await sleep(200);
    expect(seen.length).toBe(1_000); // nothing more was handed over while paused
    agent.resume();
    expect(await finished).toMatchObject({ ok: true, exitCode: 0 });
    expect(seen.length).toBe(total);
    expect(seen.every((n, i) => n === i)).toBe(true);
  });

  it("does not escalate to SIGKILL when the process exits in time but the consumer is paused", async () => {
    // One write of both lines: two echoes raced the SIGTERM on a busy machine (the shell, killed before its second, never wrote it).
    const agent = spawnAgentProcess({ argv: ["/bin/sh", "-c", "printf 'first\\nsecond\\n'; sleep 30"], cwd });
    const seen: string[] = [];
    agent.onStdoutLine((line) => {
      seen.push(line.text);
      agent.pause();
    });
    await waitFor(() => seen.length === 1);
    const terminating = agent.terminate(5_000);
    await sleep(300);
    agent.resume();
    const started = Date.now();
    expect(await terminating).toEqual({ ok: true, exitCode: null, signal: "SIGTERM" });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen).toEqual(["first", "second"]);
  });

  it("waits for an async handler before handing over the next line", async () => {
    const agent = spawnAgentProcess({ argv: [NODE, "-e", `for (let i = 0; i < 50; i++) console.log(i)`], cwd });
    let active = 0;
    let maxActive = 0;
    const seen: string[] = [];
    agent.onStdoutLine(async (line) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await sleep(1);
      seen.push(line.text);
      active--;
    });
    await agent.wait();
    expect(maxActive).toBe(1);
    expect(seen).toHaveLength(50);
  });

  it("surfaces a failing handler through wait()", async () => {
    const agent = spawnAgentProcess({ argv: [NODE, "-e", `console.log("a"); console.log("b")`], cwd });
    agent.onStdoutLine(() => {
      throw new Error("handler bug");
    });
    await expect(agent.wait()).rejects.toThrow("handler bug");
  });

  it("drains output nobody listens to, so the child never blocks", async () => {
    const agent = spawnAgentProcess({ argv: [NODE, "-e", `process.stdout.write("x".repeat(5_000_000) + "\\n")`], cwd });
    expect(await agent.wait()).toMatchObject({ ok: true, exitCode: 0 });
  });
});

describe("mergeEnv", () => {
  it("adds, overrides and removes", () => {
    expect(mergeEnv({ A: "1", B: "2", C: undefined }, { B: "3", A: undefined, D: "4" })).toEqual({ B: "3", D: "4" });
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(10);
  }
}
