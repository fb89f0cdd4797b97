// Insights latency on a big history: 100,000 executions and 10,000,000
// execution events (bench/insights/seed.ts), then the API calls the Insights
// page makes, through the real route handler (GET /api/insights: validation,
// every query, JSON), and the executions list a number opens
// (GET /api/executions with the number's filter).
//
//   npx tsx --conditions=react-server bench/insights.ts [--executions 100000] [--events-per-execution 100] [--rounds 10] [--reseed]
//
// Data lives in its own database, `arbor_bench_insights`, on the server
// DATABASE_URL points at (default postgresql://postgres@127.0.0.1:5432/postgres),
// kept between runs: a run reseeds only when the seed marker differs (or with
// --reseed). Each request runs once to warm up, then `rounds` times, one at a
// time. Also checked: no request reads execution_events (its scan counters in
// pg_stat_user_tables do not move). Writes bench/results/insights.json and the
// "Insights" section of docs/performance.md (between its markers only).
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { measureIndexer } from "@/bench/insights/indexer";
import { BENCH_INSIGHTS_DATABASE, renderSection, type InsightsBenchResult, type RequestResult } from "@/bench/insights/report";
import { seedInsightsData, type InsightsSeedOptions } from "@/bench/insights/seed";
import { benchDatabaseUrl, ensureDatabase, withClient } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { fmtMs, loadAverage, percentile, round2, writeResult } from "@/bench/lib/stats";
import { applyMigrations } from "@/server/migrations/apply-migrations";

const SEED_VERSION = 1;
const TARGET_P50_MS = 200;

/** The requests measured: what the page asks for in its common views, and a number's executions list. */
const REQUESTS: { name: string; path: string; page: boolean }[] = [
  { name: "Insights, default view (last 30 days)", path: "/api/insights", page: true },
  { name: "Insights, last 90 days", path: "/api/insights?since=90d", page: true },
  { name: "Insights, all time (every execution)", path: "/api/insights?since=all", page: true },
  { name: "Insights, all time, by week, usage by issue", path: "/api/insights?since=all&bucket=week&usageBy=issue", page: true },
  { name: "Insights, one agent, all time", path: "/api/insights?agent=codex&since=all", page: true },
  { name: "Insights, one issue, all time", path: "/api/insights?issue=ISSUE-42&since=all", page: true },
  { name: "Insights, one spec, last 90 days", path: "/api/insights?spec=SPEC-7&since=90d", page: true },
  {
    name: "Executions behind a number (captured, all time, first page)",
    path: "/api/executions?since=all&finished=yes&sessionAgents=yes&captured=yes",
    page: false,
  },
  { name: "Executions behind a number (worked, one agent)", path: "/api/executions?agent=claude&verdict=worked&since=all", page: false },
];

const databaseUrl = () => benchDatabaseUrl(BENCH_INSIGHTS_DATABASE);

const eventScans = (client: pg.Client) =>
  client
    .query<{ seq: string; idx: string }>(
      `SELECT seq_scan::text AS seq, COALESCE(idx_scan, 0)::text AS idx FROM pg_stat_user_tables WHERE relname = 'execution_events'`,
    )
    .then((r) => ({ seq: Number(r.rows[0].seq), idx: Number(r.rows[0].idx) }));

async function main() {
  const { values } = parseArgs({
    options: {
      executions: { type: "string", default: "100000" },
      "events-per-execution": { type: "string", default: "100" },
      rounds: { type: "string", default: "10" },
      reseed: { type: "boolean", default: false },
      "max-minutes": { type: "string", default: "60" },
      "no-docs": { type: "boolean", default: false },
    },
  });
  const deadline = setTimeout(() => {
    console.error(`insights bench: still running after ${values["max-minutes"]} minutes; stopping`);
    process.exit(2);
  }, Number(values["max-minutes"]) * 60_000);
  deadline.unref();
  const log = (line: string) => console.log(`[insights bench] ${line}`);
  const loadAtStart = loadAverage();

  const seedOptions: InsightsSeedOptions = {
    executions: Number(values.executions),
    eventsPerExecution: Number(values["events-per-execution"]),
    issues: 2000,
    specs: 200,
    days: 365,
  };
  const marker = `arbor insights bench seed v${SEED_VERSION} ${JSON.stringify(seedOptions)}`;
  await ensureDatabase(BENCH_INSIGHTS_DATABASE);
  const url = databaseUrl();
  await applyMigrations(url);

  const { seed, postgres } = await withClient(url, async (client) => {
    const current = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`,
    );
    let seed: InsightsBenchResult["seed"];
    if (!values.reseed && current.rows[0]?.comment === marker) {
      const { rows } = await client.query<{ sessions: string; e: string; v: string }>(
        `SELECT (SELECT count(*) FROM sessions)::text AS sessions, (pg_total_relation_size('executions') / 1048576)::text AS e,
                (pg_total_relation_size('execution_events') / 1048576)::text AS v`,
      );
      log(`reusing the seeded data (${seedOptions.executions.toLocaleString("en-US")} executions)`);
      seed = {
        executions: seedOptions.executions,
        events: seedOptions.executions * seedOptions.eventsPerExecution,
        issues: seedOptions.issues,
        specs: seedOptions.specs,
        sessions: Number(rows[0].sessions),
        seconds: 0,
        executionsMb: Number(rows[0].e),
        eventsMb: Number(rows[0].v),
        reused: true,
      };
    } else {
      log(
        `seeding ${seedOptions.executions.toLocaleString("en-US")} executions and ${(seedOptions.executions * seedOptions.eventsPerExecution).toLocaleString("en-US")} events…`,
      );
      await client.query(`COMMENT ON DATABASE ${BENCH_INSIGHTS_DATABASE} IS NULL`);
      seed = { ...(await seedInsightsData(client, seedOptions, log)), reused: false };
      await client.query(`COMMENT ON DATABASE ${BENCH_INSIGHTS_DATABASE} IS '${marker.replace(/'/g, "''")}'`);
      log(`seeded in ${seed.seconds} s: executions ${seed.executionsMb} MB, events ${seed.eventsMb} MB`);
    }
    const { rows } = await client.query<{ v: string; sb: string; wm: string }>(
      `SELECT current_setting('server_version') AS v, current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm`,
    );
    return { seed, postgres: `PostgreSQL ${rows[0].v} (shared_buffers=${rows[0].sb}, work_mem=${rows[0].wm}; Insights raises work_mem to 32MB per query)` };
  });

  // The route handlers read DATABASE_URL when their modules load.
  process.env.DATABASE_URL = url;
  const { GET: insightsRoute } = await import("@/app/api/insights/route");
  const { GET: executionsRoute } = await import("@/app/api/executions/route");
  const { prisma } = await import("@/server/db");
  const rounds = Number(values.rounds);

  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  await stats.query(`SELECT pg_stat_force_next_flush()`).catch(() => {});
  const before = await eventScans(stats);

  const requests: RequestResult[] = [];
  for (const r of REQUESTS) {
    const route = r.path.startsWith("/api/insights") ? insightsRoute : executionsRoute;
    const timings: number[] = [];
    let status = 0;
    let bytes = 0;
    for (let round = 0; round <= rounds; round++) {
      const t0 = performance.now();
      const response = await route(new Request(`http://127.0.0.1${r.path}`), undefined);
      const body = await response.text();
      const ms = performance.now() - t0;
      status = response.status;
      bytes = body.length;
      if (status !== 200) throw new Error(`${r.path} answered ${status}: ${body.slice(0, 300)}`);
      if (round > 0) timings.push(ms); // round 0 warms up
    }
    const result = {
      ...r,
      status,
      bytes,
      p50: round2(percentile(timings, 50)),
      p95: round2(percentile(timings, 95)),
      min: round2(Math.min(...timings)),
      max: round2(Math.max(...timings)),
    };
    requests.push(result);
    log(`${r.name.padEnd(62)} p50 ${fmtMs(result.p50).padStart(6)} ms  p95 ${fmtMs(result.p95).padStart(6)} ms  (${Math.round(bytes / 1024)} KB)`);
  }
  await new Promise((resolve) => setTimeout(resolve, 600)); // stats are flushed at most every 500 ms
  const after = await eventScans(stats);
  await stats.end();
  await prisma.$disconnect();

  const indexer = await measureIndexer(url);
  log(
    `search indexer: ${indexer.events} Claude events in ${fmtMs(indexer.totalMs)} ms, of which collecting facts ${fmtMs(indexer.factsMs)} ms (${indexer.microsPerEventFacts} µs per event)`,
  );

  const pageTimings = requests.filter((r) => r.page).map((r) => r.p50);
  const result: InsightsBenchResult = {
    date: new Date().toISOString(),
    postgres,
    seed,
    rounds,
    requests,
    page: { p50: round2(percentile(pageTimings, 50)), p95: round2(Math.max(...requests.filter((r) => r.page).map((r) => r.p95))), n: pageTimings.length },
    targetP50Ms: TARGET_P50_MS,
    metTarget: requests.filter((r) => r.page).every((r) => r.p50 <= TARGET_P50_MS),
    // Our own scans only: nothing else uses this database while the bench runs.
    eventsTouched: { seqScans: after.seq - before.seq, indexScans: after.idx - before.idx },
    indexer,
    loadAverage: { start: loadAtStart, end: loadAverage() },
  };
  const file = writeResult("insights", result);
  log(
    `every page request p50 ≤ ${TARGET_P50_MS} ms: ${result.metTarget ? "met" : "MISSED"}; execution_events scans during the requests: ${result.eventsTouched.seqScans} sequential, ${result.eventsTouched.indexScans} index`,
  );
  log(`results: ${path.relative(process.cwd(), file)}`);
  if (!values["no-docs"]) {
    writeDocSection("insights", renderSection(result));
    log("docs/performance.md: Insights section updated");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
