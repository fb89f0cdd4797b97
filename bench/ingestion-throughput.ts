// Ingestion throughput and runner memory: how fast one runner stores an
// agent's stdout, and whether its memory stays flat while it does.
//
//   npx tsx --conditions=react-server bench/ingestion-throughput.ts
//        [--only text-1m,text-3m,text-4k,claude] [--repeat 3] [--scale 1] [--timeout-s 900]
//
// Each repetition of a scenario empties arbor_bench, starts a fresh runner
// process (scripts/runner.ts, like `npm run runner`), creates one execution
// through POST /api/executions, and lets the agent print as fast as the pipe
// takes it:
//  - text-1m: the `command` agent running bench/agents/flood.mjs: 1,000,000
//    lines of 100 bytes of JSON-ish text (≈100 MB); every line becomes one
//    stored text event.
//  - text-3m: the same with 3,000,000 lines (≈300 MB): if memory is flat,
//    the runner's peak is no higher than for text-1m.
//  - text-4k: the same agent, 25,600 lines of 4 KiB (100 MiB): fewer, bigger events.
//  - claude: the Claude agent with bench/agents/fake-claude.mjs printing real
//    2.1.330 stream-json assistant lines (≈830 bytes each, ≈100 MB) through
//    the real Claude parser.
//
// Throughput is stored stdout rows divided by the time between the first and
// the last stored batch (created_at of execution_events). Memory is the
// runner's VmRSS from /proc/<pid>/status, sampled every 100 ms from before the
// run until 5 s after it. CPU is read from /proc for the runner, for the
// Postgres backends connected to arbor_bench, and for the whole machine.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { prepareBenchDatabase, resetBenchData } from "@/bench/lib/bench-db";
import { readCpuMs, sampleRss, sleep, startRunnerProcess, type RssSample } from "@/bench/lib/runner-process";
import { MB, fmtMb, loadAverage, writeResult } from "@/bench/lib/stats";

type Scenario = {
  id: string;
  title: string;
  agent: "command" | "claude";
  prompt: Record<string, unknown>;
  /** stdout lines the agent prints. */
  lines: number;
  /** Bytes per line including "\n", when known up front. */
  lineBytes: number | null;
};

export type IngestionRun = {
  id: string;
  title: string;
  agent: string;
  lines: number;
  stdoutBytes: number;
  storedStdoutRows: number;
  status: string;
  /** Rows / (last batch − first batch), from execution_events.created_at. */
  linesPerSecond: number;
  mbPerSecond: number;
  ingestSeconds: number;
  /** startedAt → finishedAt of the execution (spawn to final status). */
  executionSeconds: number;
  /** CPU time the runner process used during the run, per 100k lines. */
  runnerCpuMsPer100kLines: number;
  /** CPU time of the Postgres backends connected to arbor_bench, per 100k lines. */
  postgresCpuMsPer100kLines: number;
  /** Whole machine: share of all cores busy during the run (0..1); other users' work included. */
  machineBusy: number;
  rss: {
    idleBefore: number;
    peak: number;
    atFinish: number;
    after5s: number;
    /** Peak RSS in each quarter of the run, to show a trend (or none). */
    quarters: number[];
  };
  rssTimeline: Array<{ s: number; mb: number }>;
  loadAverage: number;
};

export type IngestionScenarioResult = {
  id: string;
  title: string;
  lines: number;
  stdoutBytes: number;
  /** Median / min / max over the repetitions. */
  linesPerSecond: { median: number; min: number; max: number };
  /** The worst repetition's runner RSS. */
  rss: { idleBefore: number; peak: number; growth: number; atFinish: number; after5s: number };
  runs: IngestionRun[];
};

export type IngestionResult = { date: string; repeat: number; scenarios: IngestionScenarioResult[] };

function scenarios(scale: number): Scenario[] {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return [
    {
      id: "text-1m",
      title: "`command` agent, 100-byte text lines",
      agent: "command",
      prompt: { lines: n(1_000_000), lineBytes: 100 },
      lines: n(1_000_000),
      lineBytes: 101,
    },
    {
      id: "text-3m",
      title: "`command` agent, 100-byte text lines, 3× longer run",
      agent: "command",
      prompt: { lines: n(3_000_000), lineBytes: 100 },
      lines: n(3_000_000),
      lineBytes: 101,
    },
    {
      id: "text-4k",
      title: "`command` agent, 4 KiB text lines",
      agent: "command",
      prompt: { lines: n(25_600), lineBytes: 4096 },
      lines: n(25_600),
      lineBytes: 4097,
    },
    {
      id: "claude",
      title: "Claude stream-json assistant lines, Claude parser",
      agent: "claude",
      prompt: { mode: "flood", lines: n(120_000), textBytes: 400 },
      lines: n(120_000) + 2, // + init and result
      lineBytes: null,
    },
  ];
}

/** Bytes the fake Claude CLI prints for a flood request: every assistant line has the same length. */
function fakeClaudeOutputBytes(prompt: Record<string, unknown>): number {
  const size = (lines: number) =>
    spawnSync(
      process.execPath,
      [
        path.join("bench", "agents", "fake-claude.mjs"),
        "-p",
        "--session-id",
        "00000000-0000-4000-8000-000000000000",
        "--",
        JSON.stringify({ ...prompt, lines }),
      ],
      {
        maxBuffer: 1024 * 1024,
      },
    ).stdout.length;
  const one = size(1);
  return one + (size(2) - one) * (Number(prompt.lines) - 1);
}

function cpuTotals(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = v[3] + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** CPU ms of every backend connected to arbor_bench except ours, by pid. */
async function backendCpu(db: pg.Client): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  return new Map(rows.map((r) => [r.pid, readCpuMs(r.pid) ?? 0]));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  const argv = process.argv.slice(2);
  const opt = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const scale = Number(opt("--scale") ?? 1);
  const repeat = Math.max(1, Number(opt("--repeat") ?? 3));
  const only = opt("--only")?.split(",");
  const timeoutMs = Number(opt("--timeout-s") ?? 900) * 1000;

  const url = await prepareBenchDatabase();
  process.env.DATABASE_URL = url;
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-ingest-"));
  const workspace = path.join(tmp, "workspace");
  await mkdir(workspace, { recursive: true });
  process.env.ARBOR_WORKSPACE = workspace;
  process.env.ARBOR_DATA_DIR = path.join(tmp, "data");

  // Imported only now: server/db reads DATABASE_URL when it is first loaded.
  const { POST } = await import("@/app/api/executions/route");
  const { prisma } = await import("@/server/db");
  const { releaseWorkerUtils } = await import("@/server/queue/worker-utils");
  const db = new pg.Client({ connectionString: url });
  await db.connect();

  const runOnce = async (scenario: Scenario, label: string): Promise<IngestionRun> => {
    await resetBenchData(url);
    const counter = await prisma.counter.upsert({ where: { name: "issue" }, create: { name: "issue", value: 1 }, update: { value: { increment: 1 } } });
    const issue = await prisma.issue.create({ data: { id: `ISSUE-${counter.value}`, number: counter.value, title: `Benchmark: ${scenario.id}` } });
    const runner = await startRunnerProcess({
      databaseUrl: url,
      runnerId: `bench-ingest-${scenario.id}`,
      env: {
        ARBOR_WORKSPACE: workspace,
        ARBOR_COMMAND_BIN: process.execPath,
        ARBOR_COMMAND_ARGS: JSON.stringify([path.join(process.cwd(), "bench", "agents", "flood.mjs")]),
        CLAUDE_BIN: path.join(process.cwd(), "bench", "agents", "fake-claude.mjs"),
      },
    });
    try {
      await sleep(1_000); // let start-up settle before the baseline
      const sampler = sampleRss(runner.pid, 100);
      await sleep(500);
      const idleBefore = Math.max(...sampler.samples.map((s) => s.rss));
      const load = loadAverage();
      const cpuBefore = readCpuMs(runner.pid)!;
      const machineBefore = cpuTotals();
      const pgBefore = await backendCpu(db);

      const response = await POST(
        new Request("http://127.0.0.1:3000/api/executions", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ issueId: issue.id, agent: scenario.agent, prompt: JSON.stringify(scenario.prompt) }),
        }),
        {},
      );
      const created = (await response.json()) as { id: string };
      if (response.status !== 201) throw new Error(`POST /api/executions → ${response.status} ${JSON.stringify(created)}`);

      const deadline = Date.now() + timeoutMs;
      let lastReport = Date.now();
      let row = await prisma.execution.findUniqueOrThrow({ where: { id: created.id } });
      while (!["completed", "failed", "cancelled", "interrupted"].includes(row.status)) {
        if (Date.now() > deadline) throw new Error(`${scenario.id}: still ${row.status} after ${timeoutMs / 1000} s (${row.eventCount} events)`);
        await sleep(200);
        row = await prisma.execution.findUniqueOrThrow({ where: { id: created.id } });
        if (Date.now() - lastReport > 10_000) {
          lastReport = Date.now();
          console.log(`    ${row.eventCount.toLocaleString("en")} events stored, runner RSS ${fmtMb(sampler.samples.at(-1)?.rss ?? 0)}`);
        }
      }
      const finishedAt = Date.now();
      const cpuAfter = readCpuMs(runner.pid)!;
      const machineAfter = cpuTotals();
      const pgAfter = await backendCpu(db);
      const atFinish = sampler.samples.at(-1)!.rss;
      await sleep(5_000);
      const samples = sampler.stop();
      const after5s = samples.at(-1)!.rss;

      const stats = await db.query<{ rows: string; first: Date; last: Date }>(
        `SELECT count(*) AS rows, min(created_at) AS first, max(created_at) AS last
           FROM execution_events WHERE execution_id = $1 AND stream = 'stdout'`,
        [created.id],
      );
      const all = await db.query<{ rows: string; max_seq: number }>(
        `SELECT count(*) AS rows, max(seq) AS max_seq FROM execution_events WHERE execution_id = $1`,
        [created.id],
      );
      const s = stats.rows[0];
      const storedRows = Number(s.rows);
      if (Number(all.rows[0].rows) !== all.rows[0].max_seq)
        throw new Error(`${scenario.id}: seq has gaps (${all.rows[0].rows} rows, max seq ${all.rows[0].max_seq})`);
      if (row.status !== "completed" || storedRows !== scenario.lines) {
        throw new Error(`${scenario.id}: ended ${row.status} (${row.errorMessage}) with ${storedRows} of ${scenario.lines} stdout lines stored`);
      }
      const ingestSeconds = (s.last.getTime() - s.first.getTime()) / 1000;
      const stdoutBytes = scenario.lineBytes ? scenario.lines * scenario.lineBytes : fakeClaudeOutputBytes(scenario.prompt);
      let pgCpu = 0;
      for (const [pid, after] of pgAfter) pgCpu += after - (pgBefore.get(pid) ?? 0);

      const runStart = row.startedAt!.getTime();
      const during = samples.filter((x) => x.t >= runStart && x.t <= finishedAt);
      const quarters = [0, 1, 2, 3].map((q) => {
        const from = runStart + ((finishedAt - runStart) * q) / 4;
        const to = runStart + ((finishedAt - runStart) * (q + 1)) / 4;
        const inQ = during.filter((x) => x.t >= from && x.t <= to);
        return inQ.length ? Math.max(...inQ.map((x) => x.rss)) : NaN;
      });
      const run: IngestionRun = {
        id: scenario.id,
        title: scenario.title,
        agent: scenario.agent,
        lines: scenario.lines,
        stdoutBytes,
        storedStdoutRows: storedRows,
        status: row.status,
        linesPerSecond: storedRows / ingestSeconds,
        mbPerSecond: stdoutBytes / MB / ingestSeconds,
        ingestSeconds,
        executionSeconds: (row.finishedAt!.getTime() - row.startedAt!.getTime()) / 1000,
        runnerCpuMsPer100kLines: ((cpuAfter - cpuBefore) * 100_000) / storedRows,
        postgresCpuMsPer100kLines: (pgCpu * 100_000) / storedRows,
        machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
        rss: { idleBefore, peak: Math.max(...samples.map((x) => x.rss)), atFinish, after5s, quarters },
        rssTimeline: timeline(samples, samples[0].t),
        loadAverage: load,
      };
      console.log(
        `  ${label}: ${Math.round(run.linesPerSecond).toLocaleString("en")} lines/s (${run.mbPerSecond.toFixed(1)} MB/s) over ${run.ingestSeconds.toFixed(1)} s; ` +
          `runner RSS idle ${fmtMb(run.rss.idleBefore)}, peak ${fmtMb(run.rss.peak)}, at finish ${fmtMb(run.rss.atFinish)}, 5 s later ${fmtMb(run.rss.after5s)} ` +
          `(by quarter ${run.rss.quarters.map(fmtMb).join(" / ")}); CPU per 100k lines: runner ${run.runnerCpuMsPer100kLines.toFixed(0)} ms, ` +
          `postgres ${run.postgresCpuMsPer100kLines.toFixed(0)} ms; machine ${(run.machineBusy * 100).toFixed(0)}% busy, load ${load}`,
      );
      return run;
    } catch (error) {
      console.error(`runner output:\n${runner.output()}`);
      throw error;
    } finally {
      await runner.stop();
    }
  };

  const result: IngestionResult = { date: new Date().toISOString(), repeat, scenarios: [] };
  try {
    for (const scenario of scenarios(scale)) {
      if (only && !only.includes(scenario.id)) continue;
      console.log(`ingestion: ${scenario.id} (${scenario.title}), ${scenario.lines.toLocaleString("en")} lines, ${repeat} repetition(s)`);
      const runs: IngestionRun[] = [];
      for (let i = 0; i < repeat; i++) runs.push(await runOnce(scenario, `#${i + 1}`));
      const rates = runs.map((r) => r.linesPerSecond);
      const worst = runs.reduce((a, b) => (b.rss.peak - b.rss.idleBefore > a.rss.peak - a.rss.idleBefore ? b : a));
      result.scenarios.push({
        id: scenario.id,
        title: scenario.title,
        lines: scenario.lines,
        stdoutBytes: runs[0].stdoutBytes,
        linesPerSecond: { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) },
        rss: {
          idleBefore: worst.rss.idleBefore,
          peak: worst.rss.peak,
          growth: worst.rss.peak - worst.rss.idleBefore,
          atFinish: worst.rss.atFinish,
          after5s: worst.rss.after5s,
        },
        runs,
      });
    }
  } finally {
    await db.end();
    await releaseWorkerUtils();
    await prisma.$disconnect();
    await rm(tmp, { recursive: true, force: true });
  }
  const file = writeResult("ingestion-throughput", result);
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

/** About 60 points of the RSS curve (max per time bucket), for the report. */
function timeline(samples: RssSample[], t0: number): Array<{ s: number; mb: number }> {
  const span = samples.at(-1)!.t - t0;
  const bucket = Math.max(100, span / 60);
  const byBucket = new Map<number, number>();
  for (const x of samples) {
    const b = Math.floor((x.t - t0) / bucket);
    byBucket.set(b, Math.max(byBucket.get(b) ?? 0, x.rss));
  }
  return [...byBucket].map(([b, rss]) => ({ s: Number(((b * bucket) / 1000).toFixed(1)), mb: Math.round(rss / MB) }));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
