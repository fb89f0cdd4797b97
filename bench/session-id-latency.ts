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
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { prepareBenchDatabase, resetBenchData } from "@/bench/lib/bench-db";
import { startRunnerProcess, sleep, type RunnerProcess } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, monoNowMs, summarize, writeResult, type Summary } from "@/bench/lib/stats";

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

export type LatencyScenario = {
  name: string;
  /** init printed → GET returned the id (ms). */
  latency: Summary;
  /** init printed → the runner's status NOTIFY for it arrived here (what the UI's live stream reacts to; ms). */
  statusNotify: Summary;
  /** Duration of the GET that first returned the id: the polling resolution (ms). */
  pollRoundTrip: Summary;
  /** POST returned → GET returned the id: queue pick-up, launch, agent start-up, pipeline (ms). */
  postToVisible: Summary;
  samples: number[];
  warmupSamples: number[];
  loadAverage: number;
};

export type FloodScenario = LatencyScenario & {
  floodLinesPerSecond: number | null;
  /** Cancel of the flood → its execution left "running"; null: not within 300 s. */
  cancelSeconds: number | null;
};

export type RealCliResult = {
  /** Process spawn (wrapper stamp) → GET returned the id (ms). */
  spawnToVisible: Summary;
  postToVisible: Summary;
  samples: number[];
  loadAverage: number;
};

export type SessionLatencyResult = {
  date: string;
  idle: LatencyScenario;
  /** While the same runner ingests a flood. */
  underLoad: FloodScenario | null;
  /** While another runner process on the machine ingests the flood: separates the runner's own share of the delay from the machine's. */
  underLoadOtherRunner?: FloodScenario | null;
  realCli: RealCliResult | null;
};

const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);

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
  const { executionRoutes } = await import("@/bench/lib/execution-routes");
  const { prisma } = await import("@/server/db");
  const { releaseWorkerUtils } = await import("@/server/queue/worker-utils");
  const { cancelExecution } = await import("@/server/executions/cancel-execution");
  const { STATUS_CHANNEL } = await import("@/server/realtime/channels");

  // The runner NOTIFYs the status channel once the id is pinned; live UIs react to that.
  const statusNotes = new Map<string, number[]>();
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on("notification", (msg) => {
    if (!msg.payload) return;
    const at = monoNowMs();
    const list = statusNotes.get(msg.payload) ?? [];
    list.push(at);
    statusNotes.set(msg.payload, list);
  });
  await listener.query(`LISTEN ${STATUS_CHANNEL}`);

  const { create, get } = await executionRoutes("Benchmark: session-id latency");
  /** Polls GET back to back until it returns the session id. */
  const pollForSession = async (id: string, timeoutMs = 30_000) => {
    const deadline = monoNowMs() + timeoutMs;
    for (;;) {
      const before = monoNowMs();
      const dto = await get(id);
      const after = monoNowMs();
      if (dto.sessionId) return { dto, seenAt: after, seenWall: performance.timeOrigin + performance.now(), roundTrip: after - before };
      if (TERMINAL.has(dto.status)) throw new Error(`execution ${id} ended ${dto.status} without a session id: ${JSON.stringify(dto.error)}`);
      if (after > deadline) throw new Error(`no session id for ${id} after ${timeoutMs} ms`);
    }
  };
  const waitTerminal = async (id: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await prisma.execution.findUniqueOrThrow({ where: { id } });
      if (TERMINAL.has(row.status)) return row;
      if (Date.now() > deadline) throw new Error(`execution ${id} still ${row.status} after ${timeoutMs} ms`);
      await sleep(20);
    }
  };
  const readStamp = async (file: string, timeoutMs = 5_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const text = await readFile(file, "utf8");
        if (text) return text;
      } catch {
        // not written yet
      }
      if (Date.now() > deadline) throw new Error(`no stamp at ${file}`);
      await sleep(5);
    }
  };

  /** One measured run with the fake CLI. */
  const fakeRun = async () => {
    const posted = await create("claude", JSON.stringify({ mode: "latency", holdMs: args.holdMs }));
    const postedAt = monoNowMs();
    const seen = await pollForSession(posted.id);
    const row = await waitTerminal(posted.id);
    if (row.sessionId !== row.targetSessionId) throw new Error(`pinned ${row.sessionId}, expected ${row.targetSessionId}`);
    if (row.status !== "completed") throw new Error(`run ended ${row.status}: ${row.errorMessage}`);
    const printedAt = Number(BigInt(await readStamp(path.join(stamps, row.sessionId!)))) / 1e6;
    // The first status NOTIFY after the init line is the pin's (the claim's came before the spawn).
    const notifiedAt = statusNotes.get(posted.id)?.find((t) => t > printedAt);
    statusNotes.delete(posted.id);
    if (notifiedAt === undefined) throw new Error(`no status NOTIFY after the init line of ${posted.id}`);
    return { latency: seen.seenAt - printedAt, notify: notifiedAt - printedAt, roundTrip: seen.roundTrip, postToVisible: seen.seenAt - postedAt };
  };

  const fakeClaude = path.join(process.cwd(), "bench", "agents", "fake-claude.mjs");
  const flood = path.join(process.cwd(), "bench", "agents", "flood.mjs");
  const runnerEnv = {
    CLAUDE_BIN: fakeClaude,
    BENCH_STAMP_DIR: stamps,
    ARBOR_WORKSPACE: workspace,
    ARBOR_COMMAND_BIN: process.execPath,
    ARBOR_COMMAND_ARGS: JSON.stringify([flood]),
  };

  let runner: RunnerProcess | null = null;
  const result: SessionLatencyResult = { date: new Date().toISOString(), idle: null as unknown as LatencyScenario, underLoad: null, realCli: null };
  try {
    runner = await startRunnerProcess({ databaseUrl: url, runnerId: "bench-latency", env: runnerEnv });

    // Idle runner.
    const measure = async (name: string, runs: number, warmup: number): Promise<LatencyScenario> => {
      const load = loadAverage();
      const warm: number[] = [];
      for (let i = 0; i < warmup; i++) warm.push((await fakeRun()).latency);
      const latency: number[] = [];
      const notify: number[] = [];
      const trips: number[] = [];
      const endToEnd: number[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await fakeRun();
        latency.push(r.latency);
        notify.push(r.notify);
        trips.push(r.roundTrip);
        endToEnd.push(r.postToVisible);
        if ((i + 1) % 10 === 0) process.stdout.write(`  ${name}: ${i + 1}/${runs} runs, last ${fmtMs(r.latency)} ms\n`);
      }
      return {
        name,
        latency: summarize(latency),
        statusNotify: summarize(notify),
        pollRoundTrip: summarize(trips),
        postToVisible: summarize(endToEnd),
        samples: latency,
        warmupSamples: warm,
        loadAverage: load,
      };
    };
    console.log(`session-id latency: idle runner, ${args.runs} runs (+${args.warmup} warm-up)`);
    result.idle = await measure("idle", args.runs, args.warmup);
    print(result.idle);

    /** The idle measurement again, while a `command` agent floods lines: on the same runner, or on another runner process. */
    const underFlood = async (name: string, floodRunnerId: string | null) => {
      // 3,000,000 lines of 100 bytes (300 MB): more than the measurement needs; cancelled after it.
      let floodRunner: RunnerProcess | null = null;
      if (floodRunnerId) {
        // Concurrency 1: once busy with the flood it takes no other job, so the measured runs go to the other runner.
        await runner?.stop();
        runner = null;
        floodRunner = await startRunnerProcess({ databaseUrl: url, runnerId: floodRunnerId, env: { ...runnerEnv, ARBOR_RUNNER_CONCURRENCY: "1" } });
      }
      try {
        const floodExecution = await create("command", JSON.stringify({ lines: 3_000_000, lineBytes: 100 }));
        // Let the flood get going.
        const floodStart = Date.now();
        for (;;) {
          const row = await prisma.execution.findUniqueOrThrow({ where: { id: floodExecution.id } });
          if (row.eventCount > 20_000) break;
          if (TERMINAL.has(row.status) || Date.now() - floodStart > 30_000) throw new Error(`flood did not start: ${row.status} ${row.errorMessage}`);
          await sleep(50);
        }
        if (floodRunnerId) runner = await startRunnerProcess({ databaseUrl: url, runnerId: "bench-latency", env: runnerEnv });
        const countBefore = (await prisma.execution.findUniqueOrThrow({ where: { id: floodExecution.id } })).eventCount;
        const t0 = Date.now();
        const scenario = await measure(name, args.loadRuns, floodRunnerId ? 2 : 0);
        const floodRow = await prisma.execution.findUniqueOrThrow({ where: { id: floodExecution.id } });
        if (floodRunnerId && floodRow.runnerId !== floodRunnerId) throw new Error(`the flood ran on ${floodRow.runnerId}, not ${floodRunnerId}`);
        const stillRunning = floodRow.status === "running";
        const floodRate = stillRunning ? ((floodRow.eventCount - countBefore) * 1000) / (Date.now() - t0) : null;
        // Stop the flood the way the Cancel endpoint does.
        const cancelAt = Date.now();
        await cancelExecution(floodExecution.id);
        let cancelSeconds: number | null = null;
        try {
          await waitTerminal(floodExecution.id, 300_000);
          cancelSeconds = (Date.now() - cancelAt) / 1000;
          console.log(`  cancelling the flood took ${cancelSeconds.toFixed(1)} s (until its execution left "running")`);
        } catch {
          console.log("  the cancelled flood was still running after 300 s");
        }
        if (!stillRunning) console.log("  (warning: the flood finished before the measurement did; later runs were not under load)");
        const out = { ...scenario, floodLinesPerSecond: floodRate, cancelSeconds };
        print(out);
        return out;
      } finally {
        await floodRunner?.stop();
      }
    };

    if (!args.skipLoad) {
      console.log(`session-id latency: while the same runner ingests a line flood, ${args.loadRuns} runs`);
      result.underLoad = await underFlood("under load", null);
      console.log(`session-id latency: while another runner process on this machine ingests a line flood, ${args.loadRuns} runs (+2 warm-up)`);
      result.underLoadOtherRunner = await underFlood("flood on another runner", "bench-latency-flood");
    }
    await runner?.stop();
    runner = null;

    if (!args.skipReal) {
      console.log(`session-id latency: real Claude Code CLI + Messages-API stand-in, ${args.realRuns} runs (+1 warm-up)`);
      const { startMessagesApi, claudeTestEnv } = await import("@/test/support/messages-api");
      const api = await startMessagesApi();
      try {
        runner = await startRunnerProcess({
          databaseUrl: url,
          runnerId: "bench-latency-real",
          env: {
            ...claudeTestEnv(api, path.join(tmp, "claude-config")),
            CLAUDE_BIN: path.join(process.cwd(), "bench", "agents", "claude-spawn-stamp.sh"),
            BENCH_REAL_CLAUDE: process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude"),
            BENCH_STAMP_DIR: stamps,
            ARBOR_WORKSPACE: workspace,
          },
        });
        const load = loadAverage();
        const spawnToVisible: number[] = [];
        const postToVisible: number[] = [];
        for (let i = 0; i < args.realRuns + 1; i++) {
          const posted = await create("claude", `benchmark run ${i}: say hi`);
          const postedAt = monoNowMs();
          const seen = await pollForSession(posted.id, 60_000);
          const row = await waitTerminal(posted.id);
          if (row.status !== "completed") throw new Error(`real CLI run ended ${row.status}: ${row.errorMessage}`);
          const spawnedWall = Number(BigInt(await readStamp(path.join(stamps, `${row.sessionId}.spawn`)))) / 1e6;
          if (i === 0) continue; // warm-up: first run also pays the CLI probe and cold caches
          spawnToVisible.push(seen.seenWall - spawnedWall);
          postToVisible.push(seen.seenAt - postedAt);
        }
        result.realCli = { spawnToVisible: summarize(spawnToVisible), postToVisible: summarize(postToVisible), samples: spawnToVisible, loadAverage: load };
        console.log(
          `  spawn → visible: p50 ${fmtMs(result.realCli.spawnToVisible.p50)} ms, p95 ${fmtMs(result.realCli.spawnToVisible.p95)} ms, p99 ${fmtMs(result.realCli.spawnToVisible.p99)} ms, max ${fmtMs(result.realCli.spawnToVisible.max)} ms`,
        );
      } finally {
        await runner?.stop();
        runner = null;
        await api.close();
      }
    }
  } catch (error) {
    if (runner) console.error(`runner output:\n${runner.output()}`);
    throw error;
  } finally {
    await runner?.stop();
    await listener.end().catch(() => {});
    await releaseWorkerUtils();
    await prisma.$disconnect();
    await rm(tmp, { recursive: true, force: true });
  }

  const file = writeResult("session-id-latency", result);
  const target = result.idle.latency.p99 <= 50;
  console.log(`target p99 ≤ 50 ms (idle): ${target ? "met" : "MISSED"} (p99 ${fmtMs(result.idle.latency.p99)} ms)`);
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

function print(s: LatencyScenario) {
  const l = s.latency;
  console.log(
    `  init printed → GET returns id: p50 ${fmtMs(l.p50)} ms, p95 ${fmtMs(l.p95)} ms, p99 ${fmtMs(l.p99)} ms, max ${fmtMs(l.max)} ms (n=${l.n}; poll round trip p50 ${fmtMs(s.pollRoundTrip.p50)} ms); ` +
      `→ status NOTIFY: p50 ${fmtMs(s.statusNotify.p50)} ms, p99 ${fmtMs(s.statusNotify.p99)} ms`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
