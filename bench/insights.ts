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
import { benchDatabaseUrl, serverUrl, withClient } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { fmtMs, loadAverage, percentile, writeResult } from "@/bench/lib/stats";
import { seedInsightsData, type InsightsSeedOptions, type InsightsSeedStats } from "@/bench/insights/seed";
import { applyMigrations } from "@/server/migrations/apply-migrations";

export const BENCH_INSIGHTS_DATABASE = "arbor_bench_insights";
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

type RequestResult = { name: string; path: string; page: boolean; status: number; p50: number; p95: number; min: number; max: number; bytes: number };

export type InsightsBenchResult = {
  date: string;
  postgres: string;
  seed: InsightsSeedStats & { reused: boolean };
  rounds: number;
  requests: RequestResult[];
  page: { p50: number; p95: number; n: number };
  targetP50Ms: number;
  metTarget: boolean;
  eventsTouched: { seqScans: number; indexScans: number };
  /** The search indexer over Claude events, and the part of it collecting Insights' facts (model, tools). */
  indexer: { events: number; totalMs: number; factsMs: number; microsPerEventFacts: number };
  loadAverage: { start: number; end: number };
};

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
  await withClient(serverUrl(), async (admin) => {
    const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [BENCH_INSIGHTS_DATABASE]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${BENCH_INSIGHTS_DATABASE}`);
  });
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

/**
 * What collecting facts adds to the runner's search indexer: 20,000 Claude
 * stream-json events (tool calls, tool results, text; the recorded 2.1.330
 * lines) stored as the runner stores them, indexed by indexAllPendingEvents,
 * and the facts pass alone over the same events.
 */
async function measureIndexer(url: string): Promise<InsightsBenchResult["indexer"]> {
  const { EventWriter } = await import("@/server/runner/turn/event-writer");
  const { indexAllPendingEvents } = await import("@/server/search/index-pending-events");
  const { collectExecutionFacts } = await import("@/server/search/collect-execution-facts");
  const lines = (await import("@/server/agents/claude/__fixtures__/stream-json-2.1.330.json")).default as Record<string, string>;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const id = crypto.randomUUID();
  const events = 20_000;
  try {
    await pool.query(`INSERT INTO executions (id, issue_id, agent, prompt, cwd, updated_at) VALUES ($1, 'ISSUE-1', 'claude', 'indexer bench', '/w', now())`, [
      id,
    ]);
    const writer = new EventWriter(pool, id);
    const mix = [lines.assistantToolUseRead, lines.userToolResultRead, lines.assistantText, lines.assistantToolUseEdit, lines.userToolResultEdit];
    for (let i = 0; i < events; i++) {
      const line = mix[i % mix.length];
      const kind = JSON.parse(line).type as string;
      writer.push({ stream: "stdout", kind, json: line, searchText: kind === "assistant" ? "read the file and edit it" : null });
      if (writer.needsDrain) await writer.flush();
    }
    await writer.flush();
    let t0 = performance.now();
    await indexAllPendingEvents(pool, { executionId: id });
    const totalMs = performance.now() - t0;
    const client = await pool.connect();
    t0 = performance.now();
    try {
      for (let from = 0; from < events; from += 2_000) await collectExecutionFacts(client, id, "claude", from, from + 2_000);
    } finally {
      client.release();
    }
    const factsMs = performance.now() - t0;
    return { events, totalMs: round2(totalMs), factsMs: round2(factsMs), microsPerEventFacts: round2((factsMs / events) * 1000) };
  } finally {
    await pool.query(`DELETE FROM executions WHERE id = $1`, [id]);
    await pool.end();
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function renderSection(r: InsightsBenchResult): string {
  const s = r.seed;
  const lines = [
    "## Insights",
    "",
    `Insights (\`GET /api/insights\`, server/insights/) over ${s.executions.toLocaleString("en-US")} executions and ${s.events.toLocaleString("en-US")} execution events ` +
      `(${s.issues.toLocaleString("en-US")} issues, ${s.specs} specs, ${s.sessions.toLocaleString("en-US")} sessions, a year of history), measured by \`bench/insights.ts\` ` +
      `(\`npx tsx --conditions=react-server bench/insights.ts\`) on ${r.postgres}, 2 cores, load average ${r.loadAverage.start} at the start and ${r.loadAverage.end} at the end (the machine is shared).`,
    "",
    `- **Page requests with p50 ≤ ${r.targetP50Ms} ms: ${r.requests.filter((q) => q.page && q.p50 <= r.targetP50Ms).length} of ${r.requests.filter((q) => q.page).length}** ` +
      `(${
        r.metTarget
          ? "all met"
          : `missed: ${r.requests
              .filter((q) => q.page && q.p50 > r.targetP50Ms)
              .map((q) => q.name.replace(/^Insights, /, ""))
              .join("; ")}`
      }). ` +
      `Each request is the route handler called in-process (validation, every query, JSON), ${r.rounds} timed calls after a warm-up, one at a time. ` +
      "A request's cost grows with the executions in its scope: the default view (30 days) and views of one issue, spec or agent aggregate a fraction of them; the all-time views aggregate every one of the 100,000 rows in each of their passes.",
    ...(r.metTarget
      ? []
      : [
          "- **Why the all-time views miss**: they aggregate every one of the 100,000 execution_facts rows in each of about seven passes (the trend, two grouping passes, tools, time to session id, fork preference, usage); " +
            "even as one statement over the rows materialized once, that work measured about 0.4 s here. Going below 200 ms for them would take pre-aggregated days (a rollup of finished days kept by the runner, with marks and signals applied on top), which this section does not have yet.",
        ]),
    `- **No request reads the events**: execution_events saw ${r.eventsTouched.seqScans} sequential and ${r.eventsTouched.indexScans} index scans during all ${r.requests.length * (r.rounds + 1)} requests. ` +
      "Insights aggregates `execution_facts`, one narrow row per execution kept by a trigger on executions; what only the events say (model, tools) is collected once by the runner's search indexer.",
    `- The facts come from the runner's search indexer, once per event: over ${r.indexer.events.toLocaleString("en-US")} Claude events (tool calls, results, text) indexing took ${fmtMs(r.indexer.totalMs)} ms, ` +
      `of which collecting model and tools ${fmtMs(r.indexer.factsMs)} ms (${r.indexer.microsPerEventFacts} µs per event: reading the assistant lines back and running them through the agent's normalizer). The indexer yields to ingestion, so this lengthens search lag after a flood, not ingestion.`,
    `- Data: seeded with \`INSERT … SELECT generate_series\` into the \`${BENCH_INSIGHTS_DATABASE}\` database (bench/insights/seed.ts${s.reused ? "; reused from an earlier run" : `, ${s.seconds} s`}): executions ${s.executionsMb} MB, events ${s.eventsMb.toLocaleString("en-US")} MB.`,
    "- The queries of one request run in parallel on the connection pool (a pass for the trend and the seed metrics, one for every grouping at once with GROUPING SETS, one per multi-valued dimension, time to session id, fork preference, spec citations); each raises work_mem to 32 MB so 100k rows group in memory.",
    "",
    "| request | p50 (ms) | p95 (ms) | min–max (ms) | answer |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...r.requests.map(
      (q) =>
        `| ${q.name} (\`${q.path}\`) | ${fmtMs(q.p50)} | ${fmtMs(q.p95)} | ${fmtMs(q.min)}–${fmtMs(q.max)} | ${Math.max(1, Math.round(q.bytes / 1024))} KB |`,
    ),
    "",
    `Results: \`bench/results/insights.json\` (${r.date}).`,
  ];
  return lines.join("\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
