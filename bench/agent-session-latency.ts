// Session-id latency per agent: from the moment an agent prints the first
// line that names its session to the moment `GET /api/executions/:id`
// returns the id — the method of bench/session-id-latency.ts (Claude Code),
// for every other built-in agent.
//
//   npx tsx --conditions=react-server bench/agent-session-latency.ts [--runs 50] [--warmup 3] [--hold-ms 100]
//
// Arbor's side is real: POST/GET route handlers called in-process, the
// graphile-worker queue, a runner process of its own (scripts/runner.ts, as
// `npm run runner`), each agent's real launch builder, probe and stream
// parser, Prisma and Postgres (database arbor_agents_bench). The agents are
// bench/agents/fake-agent.mjs, which answers the probe with each CLI's
// recorded help and prints its recorded stream lines, stamping
// CLOCK_MONOTONIC just before the line that names the session; this process
// stamps the same clock when a GET returns the id. Copilot CLI names its
// session only in its last line (Arbor assigns the id, strategy A, so the
// tree has it from the start); its number is measured from that line.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { prepareBenchDatabase } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { startRunnerProcess, sleep, type RunnerProcess } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, monoNowMs, summarize, writeResult, type Summary } from "@/bench/lib/stats";

const AGENTS = [
  { id: "codex", name: "Codex", envVar: "CODEX_BIN", line: "thread.started (line 1)" },
  { id: "gemini", name: "Gemini CLI", envVar: "GEMINI_BIN", line: "init (line 1)" },
  { id: "opencode", name: "opencode", envVar: "OPENCODE_BIN", line: "step_start (line 1)" },
  { id: "qwen", name: "Qwen Code", envVar: "QWEN_BIN", line: "system/init (line 1)" },
  { id: "copilot", name: "Copilot CLI", envVar: "COPILOT_BIN", line: "result (the last line)" },
] as const;

type Args = { runs: number; warmup: number; holdMs: number };

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
  return { runs: value("--runs", 50), warmup: value("--warmup", 3), holdMs: value("--hold-ms", 100) };
}

type AgentResult = { agent: string; name: string; line: string; latency: Summary; postToVisible: Summary; loadAverage: number };
const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const url = await prepareBenchDatabase("arbor_agents_bench");
  process.env.DATABASE_URL = url;
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-agents-"));
  const workspace = path.join(tmp, "workspace");
  const stamps = path.join(tmp, "stamps");
  const bin = path.join(tmp, "bin");
  for (const dir of [workspace, stamps, bin]) await mkdir(dir, { recursive: true });
  process.env.ARBOR_WORKSPACE = workspace;
  process.env.ARBOR_DATA_DIR = path.join(tmp, "data");

  // One executable per agent, as its *_BIN points at it.
  const fake = path.join(process.cwd(), "bench", "agents", "fake-agent.mjs");
  const runnerEnv: Record<string, string> = {
    BENCH_STAMP_DIR: stamps,
    BENCH_HOLD_MS: String(args.holdMs),
    ARBOR_WORKSPACE: workspace,
    ARBOR_DATA_DIR: path.join(tmp, "data"),
  };
  for (const agent of AGENTS) {
    const shim = path.join(bin, agent.id);
    await writeFile(shim, `#!/bin/sh\nexec "${process.execPath}" "${fake}" ${agent.id} "$@"\n`);
    await chmod(shim, 0o755);
    runnerEnv[agent.envVar] = shim;
    process.env[agent.envVar] = shim;
  }

  // Imported only now: server/db reads DATABASE_URL when it is first loaded.
  const { executionRoutes } = await import("@/bench/lib/execution-routes");
  const { prisma } = await import("@/server/db");
  const { releaseWorkerUtils } = await import("@/server/queue/worker-utils");

  const { create, get } = await executionRoutes("Benchmark: session-id latency per agent");
  const pollForSession = async (id: string) => {
    const deadline = monoNowMs() + 30_000;
    for (;;) {
      const dto = await get(id);
      const at = monoNowMs();
      if (dto.sessionId) return { dto, seenAt: at };
      if (TERMINAL.has(dto.status)) throw new Error(`execution ${id} ended ${dto.status} without a session id: ${JSON.stringify(dto.error)}`);
      if (at > deadline) throw new Error(`no session id for ${id} after 30 s`);
    }
  };
  const waitTerminal = async (id: string) => {
    for (const deadline = Date.now() + 60_000; ; await sleep(20)) {
      const row = await prisma.execution.findUniqueOrThrow({ where: { id } });
      if (TERMINAL.has(row.status)) return row;
      if (Date.now() > deadline) throw new Error(`execution ${id} still ${row.status}`);
    }
  };
  const readStamp = async (file: string) => {
    for (const deadline = Date.now() + 5_000; ; await sleep(5)) {
      const text = await readFile(file, "utf8").catch(() => "");
      if (text) return Number(BigInt(text)) / 1e6;
      if (Date.now() > deadline) throw new Error(`no stamp at ${file}`);
    }
  };

  const results: AgentResult[] = [];
  let runner: RunnerProcess | null = null;
  try {
    runner = await startRunnerProcess({ databaseUrl: url, runnerId: "bench-agents", env: runnerEnv });
    for (const agent of AGENTS) {
      const load = loadAverage();
      const latency: number[] = [];
      const postToVisible: number[] = [];
      for (let i = 0; i < args.warmup + args.runs; i++) {
        const posted = await create(agent.id, `benchmark run ${i}`);
        const postedAt = monoNowMs();
        const seen = await pollForSession(posted.id);
        const row = await waitTerminal(posted.id);
        if (row.status !== "completed") throw new Error(`${agent.id} run ended ${row.status}: ${row.errorMessage}`);
        const printedAt = await readStamp(path.join(stamps, row.sessionId!));
        if (i < args.warmup) continue; // the first runs also pay the probe and cold caches
        latency.push(seen.seenAt - printedAt);
        postToVisible.push(seen.seenAt - postedAt);
      }
      const result = {
        agent: agent.id,
        name: agent.name,
        line: agent.line,
        latency: summarize(latency),
        postToVisible: summarize(postToVisible),
        loadAverage: load,
      };
      results.push(result);
      console.log(
        `${agent.name}: line → GET returns id p50 ${fmtMs(result.latency.p50)} ms, p95 ${fmtMs(result.latency.p95)} ms, p99 ${fmtMs(result.latency.p99)} ms (n=${result.latency.n})`,
      );
    }
  } catch (error) {
    if (runner) console.error(`runner output:\n${runner.output()}`);
    throw error;
  } finally {
    await runner?.stop();
    await releaseWorkerUtils();
    await prisma.$disconnect();
    await rm(tmp, { recursive: true, force: true });
  }

  writeResult("agent-session-latency", { date: new Date().toISOString(), args, results });
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.line} | ${fmtMs(r.latency.p50)} | ${fmtMs(r.latency.p95)} | ${fmtMs(r.latency.p99)} | ${fmtMs(r.latency.max)} | ${fmtMs(r.postToVisible.p50)} | ${r.loadAverage.toFixed(2)} |`,
  );
  writeDocSection(
    "agent-session-latency",
    [
      "## Session-id latency per agent (bench/agent-session-latency.ts)",
      "",
      `The method of the Claude Code measurement above, for every other built-in agent: the agent prints the first line that names its session (stamped with CLOCK_MONOTONIC just before the write) → \`GET /api/executions/:id\` returns the id. Real launch builders, probes, parsers, queue, runner process and Postgres; the agents are \`bench/agents/fake-agent.mjs\`, printing each CLI's recorded stream (its own start-up is not Arbor's latency). ${args.runs} runs per agent after ${args.warmup} warm-up runs, one at a time, on an idle runner; ${new Date().toISOString().slice(0, 10)}. POST → visible includes the queue, the launch and the fake's own start-up.`,
      "",
      "| agent | line that names the session | p50 ms | p95 ms | p99 ms | max ms | POST → visible p50 ms | load avg |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      ...rows,
      "",
      "Rerun: `npx tsx --conditions=react-server bench/agent-session-latency.ts` (needs a PostgreSQL at `DATABASE_URL`, default the local one).",
    ].join("\n"),
  );
  console.log(`results: bench/results/agent-session-latency.json and docs/performance.md`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
