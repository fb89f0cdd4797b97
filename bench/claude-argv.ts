// Which part of Arbor's streaming-input argv makes Claude Code reach its first
// model request later than the Claude Agent SDK's options do (issue 28, part 2).
// No Arbor running: the real CLI (node_modules/.bin/claude, or $CLAUDE_BIN) is
// spawned bare against the Messages-API stand-in; spawn() → the first
// /v1/messages request's headers at the stand-in (both on CLOCK_MONOTONIC).
//
//   npx tsx --conditions=react-server bench/claude-argv.ts [--runs 20] [--warmup 1] [--no-mcp] [--render-only]
//
// Arms, interleaved (each round starts at the next arm, so drift hits all alike):
// - arbor: the argv server/agents/plan-launch.ts plans for a new run (streamInput,
//   partialMessages, the default policy "ask"), a fresh session id each spawn.
// - sdk: what @anthropic-ai/claude-agent-sdk 0.3.332 passes for options like
//   CloudCLI's: no -p, no --replay-user-messages, CLAUDE_CODE_ENTRYPOINT=sdk-ts,
//   an `initialize` control_request before the user message.
// - arbor minus one flag at a time; arbor with the SDK's environment; both with
//   an MCP attachment (a local HTTP MCP stand-in).
// stdin stays open until the turn's result, as Arbor and the SDK keep it. Writes
// bench/results/claude-argv.json (raw samples: --render-only redoes the section
// from it) and the "claude-argv" section of docs/performance.md.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeDocSection } from "@/bench/lib/doc-section";
import { fmtMs, loadAverage, monoNowMs, percentile, readResult, round2, summarize, writeResult } from "@/bench/lib/stats";
import { claudeStreamInput } from "@/server/agents/claude/claude-stream-input";
import { planLaunch } from "@/server/agents/plan-launch";
import { claudeTestEnv, startMessagesApi } from "@/test/support/messages-api";

type Arm = { name: string; args: string[]; env?: Record<string, string>; initialize?: Record<string, unknown> };

/** Options that take a value: removing one removes its value too. */
const VALUED = new Set("--output-format --input-format --permission-mode --permission-prompt-tool --session-id --model --mcp-config --allowedTools".split(" "));

function without(args: string[], flag: string): string[] {
  const i = args.indexOf(flag);
  return i < 0 ? args : [...args.slice(0, i), ...args.slice(i + (VALUED.has(flag) ? 2 : 1))];
}

/** The SDK's argv (sdk.mjs, ProcessTransport) for the same run; `--session-id` is swapped per spawn. */
function sdkArgs(mcp: { config: string; tools: string[] } | null): string[] {
  const args = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json", "--permission-prompt-tool=stdio"];
  if (mcp) args.push("--allowedTools", mcp.tools.join(","), "--mcp-config", mcp.config);
  return [...args, "--setting-sources", "project,user,local", "--permission-mode", "acceptEdits", "--include-partial-messages", "--session-id", "x"];
}
const SDK_ENV = { CLAUDE_CODE_ENTRYPOINT: "sdk-ts", BUN_ENABLE_CRASH_REPORTING: "0" };

/** An MCP server over HTTP that answers what Claude Code asks before its first model request, with one tool. */
async function startMcpStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const tool = { name: "search_sessions", description: "Search earlier sessions", inputSchema: { type: "object", properties: { query: { type: "string" } } } };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method !== "POST") return void res.writeHead(405).end();
      const message = JSON.parse(raw || "{}") as { id?: number; method?: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void res.writeHead(202).end();
      const result =
        message.method === "initialize"
          ? { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bench", version: "1" } }
          : message.method === "tools/list"
            ? { tools: [tool] }
            : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** CPU time (user + system, all threads, ms at 10 ms resolution) a process has used so far: less hostage to the shared load than wall time. */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The running spawn, so the stand-in can read its CPU time when its first model request arrives. */
let current: { pid: number; cpu: number | null } | null = null;

/** One spawn: spawn() → the first model request (wall ms, and the CLI's CPU ms by then); stdin is closed after the turn's result. */
async function runOnce(bin: string, arm: Arm, cwd: string, env: NodeJS.ProcessEnv, firstRequestAfter: (index: number) => number | null, count: () => number) {
  const sessionId = randomUUID();
  const args = arm.args.map((a, i) => (arm.args[i - 1] === "--session-id" ? sessionId : a));
  const before = count();
  const spawnedAt = monoNowMs();
  const child: ChildProcess = spawn(bin, args, { cwd, env: { ...env, ...arm.env }, stdio: ["pipe", "pipe", "pipe"] });
  current = { pid: child.pid!, cpu: null };
  child.stdin!.on("error", () => {});
  if (arm.initialize) child.stdin!.write(`${JSON.stringify({ type: "control_request", request_id: randomUUID(), request: arm.initialize })}\n`);
  child.stdin!.write(claudeStreamInput.userMessage("Say ok.", randomUUID()));
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('"type":"result"')) child.stdin!.end();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const arrived = firstRequestAfter(before);
  if (code !== 0 || arrived === null) throw new Error(`${arm.name}: exit ${code}, model asked: ${arrived !== null}\n${stderr}\n${stdout.slice(-1_000)}`);
  return { wall: arrived - spawnedAt, cpu: current.cpu ?? NaN };
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "20" },
      warmup: { type: "string", default: "1" },
      "no-mcp": { type: "boolean", default: false },
      "render-only": { type: "boolean", default: false },
    },
  });
  if (values["render-only"]) return renderStored();
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const bin = process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-claude-argv-"));
  const cwd = path.join(tmp, "work");
  fs.mkdirSync(cwd);
  const model = await startMessagesApi({
    script: () => {
      if (current && current.cpu === null) current.cpu = cpuMs(current.pid);
      return { kind: "text", text: "ok" };
    },
  });
  const mcpServer = values["no-mcp"] ? null : await startMcpStandIn();
  const env: NodeJS.ProcessEnv = { ...process.env, ...claudeTestEnv(model, path.join(tmp, "config")), CLAUDE_BIN: bin, ARBOR_MCP_TOKEN: "bench-token" };
  delete env.ANTHROPIC_AUTH_TOKEN;

  // Arbor's own planner, as the runner calls it for a new run of a project with no policy of its own.
  const plan = (mcp: boolean) =>
    planLaunch(
      "claude",
      {
        mode: { kind: "new", sessionId: randomUUID() },
        prompt: "Say ok.",
        streamInput: true,
        partialMessages: true,
        permissions: { mode: "ask", allow: [], deny: [], source: "agent-default" },
        ...(mcp && mcpServer ? { mcp: { url: mcpServer.url, token: "bench-token" } } : {}),
      },
      { env, cwd, homeRoot: path.join(tmp, "homes") },
    );
  const planned = await plan(false);
  if (!planned.ok || !planned.streamInput) throw new Error(`no streaming-input plan: ${JSON.stringify(planned)}`);
  const arbor = planned.argv.slice(1);
  const flags = ["-p", "--permission-mode", "--permission-prompt-tool", "--replay-user-messages", "--include-partial-messages", "--session-id"];
  const initialize = { subtype: "initialize" };
  const arms: Arm[] = [
    { name: "arbor", args: arbor },
    { name: "sdk", args: sdkArgs(null), env: SDK_ENV, initialize },
    { name: "sdk, no initialize message", args: sdkArgs(null), env: SDK_ENV },
    { name: "arbor + SDK env (CLAUDE_CODE_ENTRYPOINT=sdk-ts)", args: arbor, env: SDK_ENV },
    ...flags.map((flag) => ({ name: `arbor − ${flag}`, args: without(arbor, flag) })),
  ];
  if (mcpServer) {
    const withMcp = await plan(true);
    if (!withMcp.ok) throw new Error(withMcp.message);
    const config = JSON.stringify({
      mcpServers: { arbor: { type: "http", url: mcpServer.url, headers: { Authorization: "Bearer bench-token" }, alwaysLoad: true } },
    });
    const tools = withMcp.argv.filter((_flag, i) => withMcp.argv[i - 1] === "--allowedTools");
    arms.push({ name: "arbor + MCP", args: withMcp.argv.slice(1), env: withMcp.env as Record<string, string> });
    arms.push({ name: "sdk + MCP", args: sdkArgs({ config, tools }), env: SDK_ENV, initialize });
  }

  const firstRequestAfter = (index: number) => model.requests[index]?.arrivedAt ?? null;
  const count = () => model.requests.length;
  const samples = new Map<string, number[]>(arms.map((arm) => [arm.name, []]));
  const cpu = new Map<string, number[]>(arms.map((arm) => [arm.name, []]));
  const loadStart = os.loadavg().map((n) => round2(n));
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < arms.length; k++) {
      const arm = arms[(round + k) % arms.length];
      const ms = await runOnce(bin, arm, cwd, env, firstRequestAfter, count);
      if (round < warmup) continue;
      samples.get(arm.name)!.push(ms.wall);
      cpu.get(arm.name)!.push(ms.cpu);
    }
    process.stdout.write(`round ${round + 1}/${warmup + runs}, load ${loadAverage()}\n`);
  }
  const loadEnd = os.loadavg().map((n) => round2(n));
  await model.close();
  await mcpServer?.close();
  fs.rmSync(tmp, { recursive: true, force: true });

  const rows = analyse(
    arms.map((arm) => ({ arm: arm.name, argv: arm.args.join(" "), env: arm.env ?? {} })),
    samples,
    cpu,
  );
  const version = (await import("node:child_process")).execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  const result = { date: new Date().toISOString(), version, runs, warmup, loadStart, loadEnd, cpus: os.cpus().length, rows };
  writeResult("claude-argv", result);
  console.log(`wrote ${writeDocSection("claude-argv", render(result))}`);
}

/** What an arm is compared with: the SDK's MCP launch with Arbor's, the rest (Arbor's MCP launch too: what attaching costs) with Arbor's plain argv. */
const baselineOf = (arm: string) => (arm === "sdk + MCP" ? "arbor + MCP" : "arbor");

type Stored = { arm: string; argv: string; env: Record<string, string>; wallSamples: number[]; cpuSamples: number[] };

function analyse(arms: Array<{ arm: string; argv: string; env: Record<string, string> }>, samples: Map<string, number[]>, cpu: Map<string, number[]>) {
  const pairedWall = paired(samples);
  const pairedCpu = paired(cpu);
  return arms.map((arm) => {
    const s = summarize(samples.get(arm.arm)!);
    const c = summarize(cpu.get(arm.arm)!);
    const stats = { p50: round2(s.p50), p95: round2(s.p95), cpuP50: round2(c.p50), vsArbor: pairedWall(arm.arm), cpuVsArbor: pairedCpu(arm.arm) };
    return { ...arm, ...stats, wallSamples: samples.get(arm.arm)!.map(round2), cpuSamples: cpu.get(arm.arm)! };
  });
}

/** The section again from bench/results/claude-argv.json (its raw samples), e.g. after a change to the analysis. */
function renderStored() {
  const stored = readResult<Omit<Parameters<typeof render>[0], "rows"> & { rows: Stored[] }>("claude-argv");
  if (!stored) throw new Error("no bench/results/claude-argv.json: run the benchmark first");
  const samples = new Map(stored.rows.map((r) => [r.arm, r.wallSamples]));
  const cpu = new Map(stored.rows.map((r) => [r.arm, r.cpuSamples]));
  const result = { ...stored, rows: analyse(stored.rows, samples, cpu) };
  writeResult("claude-argv", result);
  console.log(`wrote ${writeDocSection("claude-argv", render(result))}`);
}

type Paired = { median: number; low: number; high: number };

/**
 * Each arm minus the arbor arm of the same round (the rounds drift with the
 * machine's load, so the pairs cancel most of it): the median difference and
 * its distribution-free 95% interval (order statistics of the sorted
 * differences, binomial ranks).
 */
function paired(byArm: Map<string, number[]>): (arm: string) => Paired {
  return (arm) => {
    const base = byArm.get(baselineOf(arm))!;
    const d = byArm
      .get(arm)!
      .map((v, i) => v - base[i])
      .sort((a, b) => a - b);
    const k = Math.max(0, Math.floor(d.length / 2 - 0.98 * Math.sqrt(d.length)));
    return { median: round2(percentile(d, 50)), low: round2(d[k]), high: round2(d[d.length - 1 - k]) };
  };
}

type Row = { arm: string; argv: string; p50: number; p95: number; cpuP50: number; vsArbor: Paired; cpuVsArbor: Paired };

function render(result: {
  date: string;
  version: string;
  runs: number;
  warmup: number;
  loadStart: number[];
  loadEnd: number[];
  cpus: number;
  rows: Row[];
}): string {
  const signed = (n: number) => `${n > 0 ? "+" : n < 0 ? "−" : "±"}${fmtMs(Math.abs(n))}`;
  const diff = (p: Paired, arm: string) => (arm === "arbor" ? "—" : `${signed(p.median)} (${signed(p.low)} … ${signed(p.high)})`);
  const table = result.rows
    .map((r) => `| ${r.arm} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${diff(r.vsArbor, r.arm)} | ${fmtMs(r.cpuP50)} | ${diff(r.cpuVsArbor, r.arm)} |`)
    .join("\n");
  const argv = (name: string) => result.rows.find((r) => r.arm === name)?.argv.replace(/\/tmp\/[^ ]*/g, "<file>") ?? "";
  // An arm differs from arbor when its interval leaves out zero, on wall time or on CPU.
  const sdk = result.rows.find((r) => r.arm === "sdk")!;
  // Attaching MCP costs by design (bench/mcp-attach.ts); the question here is the argv.
  const differs = result.rows.filter((r) => !["arbor", "arbor + MCP"].includes(r.arm) && [r.vsArbor, r.cpuVsArbor].some((p) => p.low > 0 || p.high < 0));
  const verdict = differs.length
    ? `Arms whose 95% interval leaves out zero: ${differs.map((r) => `${r.arm} (wall ${signed(r.vsArbor.median)}, CPU ${signed(r.cpuVsArbor.median)})`).join("; ")}.`
    : "No arm's 95% interval leaves out zero, on wall time or on CPU: at this load no flag of Arbor's argv, and not the SDK's argv, measurably changes the CLI's way to its first model request.";
  return `## Claude Code's start-up: Arbor's argv against the SDK's (bench/claude-argv.ts)

\`npx tsx --conditions=react-server bench/claude-argv.ts\`: Claude Code ${result.version} spawned bare (no Arbor running) against the Messages-API stand-in, spawn → first model request, ${result.runs} rounds after ${result.warmup} warm-up round(s), every arm once per round, interleaved (each round starts at the next arm). ${result.date.slice(0, 16).replace("T", " ")} UTC, ${result.cpus} CPUs shared with other work, load average (1, 5, 15 min) ${result.loadStart.join(", ")} at the start and ${result.loadEnd.join(", ")} at the end.

- arbor: \`${argv("arbor")}\` (server/agents/plan-launch.ts for a new run: streaming input, partial messages, the default policy "ask"; the prompt as the first stdin line, stdin open until the result).
- sdk: \`${argv("sdk")}\`, \`CLAUDE_CODE_ENTRYPOINT=sdk-ts\`, an \`initialize\` control_request before the user message: what @anthropic-ai/claude-agent-sdk 0.3.332 passes for options like CloudCLI's (canUseTool, permissionMode, includePartialMessages, sessionId, settingSources, the claude_code preset).
- "arbor − flag": Arbor's argv without that flag (and its value); "+ MCP": with Arbor's MCP attachment (\`--mcp-config\` naming an HTTP MCP stand-in, \`alwaysLoad\`), the SDK's inline.

Wall: spawn → first model request, ms. CPU: what the CLI's process had used by then (user + system, all threads, \`/proc/<pid>/stat\` read when the request arrived; 10 ms ticks). "vs arbor": the median of each round's difference from the arbor arm of the same round (for "sdk + MCP", from "arbor + MCP"), with its 95% interval.

| arm | wall p50 | wall p95 | wall vs arbor | CPU p50 | CPU vs arbor |
| --- | --- | --- | --- | --- | --- |
${table}

${verdict} Spawned bare, the CLI took ${fmtMs(result.rows[0].p50)} ms p50 to its model request here (about 400 ms on a quiet machine: "Fast turns"), and the wall-time intervals are hundreds of ms wide, so a difference of tens of ms in wall time cannot be resolved at this load; the CPU column bounds what the argv itself makes the CLI do before it asks the model (the SDK's argv against Arbor's: ${diff(sdk.cpuVsArbor, "sdk")} ms).`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
