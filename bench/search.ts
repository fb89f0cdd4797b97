// Search latency on a big log: 1,000,000 execution events (plus their
// executions, sessions and issues), then every query in
// bench/search/queries.ts through the real search service
// (server/search/search.ts: both ranking tiers, the part-of-event check,
// snippets and grouping, as GET /api/search runs it, minus HTTP).
//
//   npx tsx --conditions=react-server bench/search.ts [--events 1000000] [--rounds 5] [--reseed]
//
// Data lives in its own database, `arbor_bench_search`, on the server
// DATABASE_URL points at (default postgresql://postgres@127.0.0.1:5432/postgres),
// seeded with INSERT … SELECT generate_series (bench/search/seed.ts) and kept
// between runs: a run reseeds only when the database's seed marker differs
// (or with --reseed). Each query runs once to warm up, then `rounds` times;
// the report gives p50/p95 over all timed calls and per query class, and the
// per-query medians. It writes bench/results/search.json and the "Search"
// section of docs/performance.md (between its markers only). Stops by
// itself; --max-minutes (default 30) bounds the whole run.
import path from "node:path";
import { parseArgs } from "node:util";
import type pg from "pg";
import { withClient } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { fmtMs, loadAverage, percentile, round2, summarize, writeResult } from "@/bench/lib/stats";
import { BENCH_SEARCH_DATABASE, ensureSearchSeed, type SearchSeed } from "@/bench/search/ensure-seed";
import { QUERIES } from "@/bench/search/queries";

const TARGET_P50_MS = 100;

type QueryResult = { q: string; class: string; hits: number; groups: number; kinds: Record<string, number>; medianMs: number; minMs: number; maxMs: number };

export type SearchBenchResult = {
  date: string;
  postgres: string;
  seed: SearchSeed["seed"];
  rounds: number;
  limit: number;
  overall: ReturnType<typeof summarize>;
  byClass: Array<{ class: string; queries: number; p50: number; p95: number }>;
  queries: QueryResult[];
  targetP50Ms: number;
  metTarget: boolean;
  indexing: { events: number; chars: number; microsPerEvent: number };
  loadAverage: number;
};

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: "string", default: "1000000" },
      rounds: { type: "string", default: "5" },
      limit: { type: "string", default: "20" },
      reseed: { type: "boolean", default: false },
      "max-minutes": { type: "string", default: "30" },
      "no-docs": { type: "boolean", default: false },
    },
  });
  const deadline = setTimeout(() => {
    console.error(`search bench: still running after ${values["max-minutes"]} minutes; stopping`);
    process.exit(2);
  }, Number(values["max-minutes"]) * 60_000);
  deadline.unref();

  const rounds = Number(values.rounds);
  const limit = Number(values.limit);

  const log = (line: string) => console.log(`[search bench] ${line}`);
  const { seed, postgres, url } = await ensureSearchSeed({ events: Number(values.events), reseed: values.reseed }, log);

  const indexing = await withClient(url, measureIndexingCost);
  log(`indexing at write time: ${indexing.microsPerEvent} µs of Postgres time per searchable event of ~${indexing.chars} characters`);

  // The service reads DATABASE_URL when its modules load.
  process.env.DATABASE_URL = url;
  const { search } = await import("@/server/search/search");
  const { prisma } = await import("@/server/db");

  const timings = new Map<string, number[]>();
  const answers = new Map<string, { hits: number; groups: number; kinds: Record<string, number> }>();
  for (let round = 0; round <= rounds; round++) {
    for (const { q } of QUERIES) {
      const t0 = performance.now();
      const result = await search({ q, limit });
      const ms = performance.now() - t0;
      if (!result.ok) throw new Error(`search "${q}" failed: ${result.error.message}`);
      if (round === 0) {
        const kinds: Record<string, number> = {};
        for (const group of result.value.groups) for (const hit of group.hits) kinds[hit.kind] = (kinds[hit.kind] ?? 0) + 1;
        answers.set(q, { hits: result.value.hitCount, groups: result.value.groups.length, kinds });
        continue; // warm-up
      }
      timings.set(q, [...(timings.get(q) ?? []), ms]);
    }
    if (round > 0) log(`round ${round}/${rounds} done`);
  }
  await prisma.$disconnect();

  const all = [...timings.values()].flat();
  const queries: QueryResult[] = QUERIES.map(({ q, class: klass }) => {
    const t = timings.get(q)!;
    return { q, class: klass, ...answers.get(q)!, medianMs: round2(percentile(t, 50)), minMs: round2(Math.min(...t)), maxMs: round2(Math.max(...t)) };
  });
  const classes = [...new Set(QUERIES.map((x) => x.class))];
  const byClass = classes.map((klass) => {
    const t = QUERIES.filter((x) => x.class === klass).flatMap((x) => timings.get(x.q)!);
    return { class: klass, queries: QUERIES.filter((x) => x.class === klass).length, p50: round2(percentile(t, 50)), p95: round2(percentile(t, 95)) };
  });
  const overall = summarize(all);
  const result: SearchBenchResult = {
    date: new Date().toISOString(),
    postgres,
    seed,
    rounds,
    limit,
    overall: {
      ...overall,
      min: round2(overall.min),
      p50: round2(overall.p50),
      p95: round2(overall.p95),
      p99: round2(overall.p99),
      max: round2(overall.max),
      mean: round2(overall.mean),
    },
    byClass,
    queries,
    targetP50Ms: TARGET_P50_MS,
    metTarget: overall.p50 <= TARGET_P50_MS,
    indexing,
    loadAverage: loadAverage(),
  };
  const file = writeResult("search", result);
  log(
    `${all.length} timed searches: p50 ${fmtMs(overall.p50)} ms, p95 ${fmtMs(overall.p95)} ms (target p50 ≤ ${TARGET_P50_MS} ms: ${result.metTarget ? "met" : "MISSED"})`,
  );
  for (const c of byClass) log(`  ${c.class.padEnd(26)} p50 ${fmtMs(c.p50).padStart(6)} ms  p95 ${fmtMs(c.p95).padStart(6)} ms`);
  log(`results: ${path.relative(process.cwd(), file)}`);
  if (!values["no-docs"]) {
    writeDocSection("search", renderSection(result));
    log("docs/performance.md: Search section updated");
  }
}

/**
 * What indexing costs the event writer: the same INSERT … SELECT unnest the
 * runner runs, for events with search text, once storing the vector
 * (to_tsvector + GIN) and once not; the difference per event.
 */
async function measureIndexingCost(client: pg.Client): Promise<{ events: number; chars: number; microsPerEvent: number }> {
  const events = 20_000;
  const text =
    "I will refactor the login handler in src/auth/login.ts so the session token is validated before we redirect; then run npm test to confirm " +
    "the failing case passes. The cache layer keeps stale entries around after logout, which is why the second request still succeeds.";
  const texts = Array.from({ length: events }, (_, i) => `${text} ${i}`);
  await client.query(`CREATE TEMP TABLE indexing_probe (n int, t text, v tsvector)`);
  await client.query(`CREATE INDEX ON indexing_probe USING GIN (v)`);
  const time = async (sql: string) => {
    await client.query("TRUNCATE indexing_probe");
    const t0 = performance.now();
    await client.query(sql, [texts]);
    return performance.now() - t0;
  };
  const runs = 3;
  let plain = Infinity;
  let indexed = Infinity;
  for (let i = 0; i < runs; i++) {
    plain = Math.min(plain, await time(`INSERT INTO indexing_probe (n, t) SELECT n, t FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n)`));
    indexed = Math.min(
      indexed,
      await time(`INSERT INTO indexing_probe (n, t, v) SELECT n, t, to_tsvector('english', t) FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n)`),
    );
  }
  await client.query(`DROP TABLE indexing_probe`);
  return { events, chars: text.length, microsPerEvent: Math.round(((indexed - plain) * 1000) / events) };
}

export function renderSection(r: SearchBenchResult): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const lines = [
    "## Search",
    "",
    `Full-text search (\`GET /api/search\`, server/search/search.ts) over ${n(r.seed.events)} execution events ` +
      `(${n(r.seed.searchableEvents)} of them searchable: assistant text and tool calls; the rest tool results and stream events), ` +
      `${n(r.seed.executions)} executions (prompts) and ${n(r.seed.sessions)} sessions, measured by \`bench/search.ts\` ` +
      `(\`npx tsx --conditions=react-server bench/search.ts\`) on ${r.postgres}, 2 cores, load average ${r.loadAverage} at the end.`,
    "",
    `- **p50 ${fmtMs(r.overall.p50)} ms, p95 ${fmtMs(r.overall.p95)} ms** (p99 ${fmtMs(r.overall.p99)} ms, max ${fmtMs(r.overall.max)} ms) over ${n(r.overall.n)} timed searches: ` +
      `${QUERIES.length} queries × ${r.rounds} rounds after a warm-up round, ${r.limit} hits per page. Target p50 ≤ ${r.targetP50Ms} ms: **${r.metTarget ? "met" : "missed"}**.`,
    `- Each search is the whole service call: the all-terms tier (and the any-term tier when the first does not fill the page), ` +
      "loading the hits' events, deciding which part matched (file, tool, assistant text, prompt), `ts_headline` snippets and grouping by session.",
    `- Data: seeded with \`INSERT … SELECT generate_series\` into the \`${BENCH_SEARCH_DATABASE}\` database (bench/search/seed.ts; ` +
      `${r.seed.reused ? "reused from an earlier run" : `${r.seed.seconds} s`}): events table ${n(r.seed.tableMb)} MB, its GIN index ${n(r.seed.indexMb)} MB.`,
    "- Each tier ranks at most 2,000 candidate events (`CANDIDATES`): a one-word query for a word in a third of the log costs about what a rare word does, at the price of ranking only a sample of such a word's matches.",
    `- Indexing at write time (the event writer stores \`search_text\` and \`to_tsvector\` of it in its batch INSERT) costs about **${r.indexing.microsPerEvent} µs of Postgres time per searchable event** of ~${r.indexing.chars} characters ` +
      `(best of 3 × ${n(r.indexing.events)} events, with vs. without the vector), nearly all of it \`to_tsvector\`. Events with nothing to find (tool results, stream deltas, \`command\` agent text lines) cost nothing extra; a flood of Claude assistant lines pays it on every line.`,
    "",
    "| query class | queries | p50 (ms) | p95 (ms) |",
    "| --- | ---: | ---: | ---: |",
    ...r.byClass.map((c) => `| ${c.class} | ${c.queries} | ${fmtMs(c.p50)} | ${fmtMs(c.p95)} |`),
    "",
    "<details><summary>Per query (median of the rounds, hits on the first page)</summary>",
    "",
    "| query | class | median (ms) | hits | kinds |",
    "| --- | --- | ---: | ---: | --- |",
    ...r.queries.map(
      (q) =>
        `| \`${q.q.replace(/\|/g, "\\|")}\` | ${q.class} | ${fmtMs(q.medianMs)} | ${q.hits} | ${Object.entries(q.kinds)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")} |`,
    ),
    "",
    "</details>",
    "",
    `Results: \`bench/results/search.json\` (${r.date}).`,
  ];
  return lines.join("\n");
}

/** Replaces this benchmark's section of docs/performance.md (or appends it), leaving everything else as it is. */

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
