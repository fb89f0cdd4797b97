// Session-id latency: from the moment the agent prints its system/init line
// to the moment `GET /api/executions/:id` returns the session id.
//
//   npx tsx --conditions=react-server bench/session-id-latency.ts [--runs 200] [--warmup 3]
//        [--real-runs 20] [--load-runs 100] [--skip-real] [--skip-load] [--hold-ms 150]
//
// Arbor's side is real: POST/GET route handlers (called in-process, without
// Next's HTTP layer), the graphile-worker queue, a runner in a process of its
// own (scripts/runner.ts, like `npm run runner`), the real Claude launch
// builder and stream-json parser, Prisma and Postgres (database arbor_bench).
//
// The agent is faked (bench/agents/fake-claude.mjs): it prints a real 2.1.330
// init line naming its --session-id and records CLOCK_MONOTONIC just before
// the write; we record CLOCK_MONOTONIC when a GET returns the id, polling GET
// back to back. Same clock in both processes, so the difference is exactly
// the pipeline's latency (plus at most one GET round trip of polling
// resolution, which is reported too).
//
// Scenarios:
//  - idle: one execution at a time on an otherwise idle runner.
//  - under load: the same, while the same runner ingests a `command` agent's
//    line flood (the runner's event loop and the database are busy).
//  - flood on another runner: the same, with the flood on a second runner
//    process on this machine (the database and the CPUs are busy, the
//    measured runner's event loop is not).
//  - real CLI (context only): the real Claude Code CLI against the
//    Messages-API stand-in; measured from process spawn (a wrapper stamps the
//    time, then execs the CLI) to the id being returned, so it includes the
//    CLI's own start-up, which is not Arbor's latency.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { prepareBenchDatabase, resetBenchData } from "@/bench/lib/bench-db";
import { startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import { fmtMs, writeResult } from "@/bench/lib/stats";
import { measureRealCli } from "@/bench/session-id-latency/real-cli";
import type { LatencyScenario, SessionLatencyResult } from "@/bench/session-id-latency/results";

type Args = { runs: number; warmup: number; realRuns: number; loadRuns: number; skipReal: boolean; skipLoad: boolean; holdMs: number };

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return {
    runs: value("--runs", 200),
    warmup: value("--warmup", 3),
    realRuns: value("--real-runs", 20),
    loadRuns: value("--load-runs", 100),
    skipReal: argv.includes("--skip-real"),
    skipLoad: argv.includes("--skip-load"),
    holdMs: value("--hold-ms", 150),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const url = await prepareBenchDatabase();
  await resetBenchData(url);
  process.env.DATABASE_URL = url;

  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-latency-"));
  const workspace = path.join(tmp, "workspace");
  const stamps = path.join(tmp, "stamps");
  await mkdir(workspace, { recursive: true });
  await mkdir(stamps, { recursive: true });
  // Route handlers read their configuration from process.env.
  process.env.ARBOR_WORKSPACE = workspace;
  process.env.ARBOR_DATA_DIR = path.join(tmp, "data");

  // Imported only now: server/db reads DATABASE_URL when it is first loaded.
  const { startProbe, print } = await import("@/bench/session-id-latency/probe");
  const { measureUnderFlood } = await import("@/bench/session-id-latency/under-flood");
  const { prisma } = await import("@/server/db");
  const { releaseWorkerUtils } = await import("@/server/queue/worker-utils");

  const probe = await startProbe({ url, stamps, holdMs: args.holdMs });

  const fakeClaude = path.join(process.cwd(), "bench", "agents", "fake-claude.mjs");
  const flood = path.join(process.cwd(), "bench", "agents", "flood.mjs");
  const runnerEnv = {
    CLAUDE_BIN: fakeClaude,
    BENCH_STAMP_DIR: stamps,
    ARBOR_WORKSPACE: workspace,
    ARBOR_COMMAND_BIN: process.execPath,
    ARBOR_COMMAND_ARGS: JSON.stringify([flood]),
  };

  /** The measured runner; the flood scenarios replace it, and whichever is live is stopped at the end. */
  const live: { runner: RunnerProcess | null } = { runner: null };
  const result: SessionLatencyResult = { date: new Date().toISOString(), idle: null as unknown as LatencyScenario, underLoad: null, realCli: null };
  try {
    live.runner = await startRunnerProcess({ databaseUrl: url, runnerId: "bench-latency", env: runnerEnv });

    console.log(`session-id latency: idle runner, ${args.runs} runs (+${args.warmup} warm-up)`);
    result.idle = await probe.measure("idle", args.runs, args.warmup);
    print(result.idle);

    if (!args.skipLoad) {
      console.log(`session-id latency: while the same runner ingests a line flood, ${args.loadRuns} runs`);
      result.underLoad = await measureUnderFlood(probe, live, { name: "under load", floodRunnerId: null, runs: args.loadRuns, url, runnerEnv });
      console.log(`session-id latency: while another runner process on this machine ingests a line flood, ${args.loadRuns} runs (+2 warm-up)`);
      result.underLoadOtherRunner = await measureUnderFlood(probe, live, {
        name: "flood on another runner",
        floodRunnerId: "bench-latency-flood",
        runs: args.loadRuns,
        url,
        runnerEnv,
      });
    }
    await live.runner?.stop();
    live.runner = null;

    if (!args.skipReal) {
      console.log(`session-id latency: real Claude Code CLI + Messages-API stand-in, ${args.realRuns} runs (+1 warm-up)`);
      result.realCli = await measureRealCli(probe, live, { runs: args.realRuns, url, tmp, stamps, workspace });
    }
  } catch (error) {
    if (live.runner) console.error(`runner output:\n${live.runner.output()}`);
    throw error;
  } finally {
    await live.runner?.stop();
    await probe.close();
    await releaseWorkerUtils();
    await prisma.$disconnect();
    await rm(tmp, { recursive: true, force: true });
  }

  const file = writeResult("session-id-latency", result);
  const target = result.idle.latency.p99 <= 50;
  console.log(`target p99 ≤ 50 ms (idle): ${target ? "met" : "MISSED"} (p99 ${fmtMs(result.idle.latency.p99)} ms)`);
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
