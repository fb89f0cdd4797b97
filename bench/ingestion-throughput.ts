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
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { IngestionResult, IngestionRun } from "@/bench/ingestion-throughput/results";
import { scenarios } from "@/bench/ingestion-throughput/scenarios";
import { prepareBenchDatabase } from "@/bench/lib/bench-db";
import { writeResult } from "@/bench/lib/stats";

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
  const { runOnce } = await import("@/bench/ingestion-throughput/run-once");
  const { prisma } = await import("@/server/db");
  const { releaseWorkerUtils } = await import("@/server/queue/worker-utils");
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const context = { url, db, workspace, timeoutMs };

  const result: IngestionResult = { date: new Date().toISOString(), repeat, scenarios: [] };
  try {
    for (const scenario of scenarios(scale)) {
      if (only && !only.includes(scenario.id)) continue;
      console.log(`ingestion: ${scenario.id} (${scenario.title}), ${scenario.lines.toLocaleString("en")} lines, ${repeat} repetition(s)`);
      const runs: IngestionRun[] = [];
      for (let i = 0; i < repeat; i++) runs.push(await runOnce(context, scenario, `#${i + 1}`));
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

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
