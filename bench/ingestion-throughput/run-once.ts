import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { POST } from "@/app/api/executions/route";
import type { IngestionRun } from "@/bench/ingestion-throughput/results";
import { fakeClaudeOutputBytes, type Scenario } from "@/bench/ingestion-throughput/scenarios";
import { resetBenchData } from "@/bench/lib/bench-db";
import { readCpuMs, sampleRss, sleep, startRunnerProcess, type RssSample } from "@/bench/lib/runner-process";
import { MB, fmtMb, loadAverage } from "@/bench/lib/stats";
import { prisma } from "@/server/db";

// One repetition of an ingestion scenario: empties arbor_bench, starts a
// fresh runner process, creates one execution through POST /api/executions,
// waits for it to end while sampling the runner's RSS, and reads back what was
// stored, how fast, and at what CPU cost. Imported dynamically by
// bench/ingestion-throughput.ts, after DATABASE_URL names arbor_bench
// (server/db reads it when first loaded).

export type RunContext = {
  url: string;
  /** A connection of the benchmark's own to arbor_bench (not counted in Postgres CPU). */
  db: pg.Client;
  workspace: string;
  timeoutMs: number;
};

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

export async function runOnce(context: RunContext, scenario: Scenario, label: string): Promise<IngestionRun> {
  const { url, db, workspace, timeoutMs } = context;
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
