// The UI at scale, measured in Chromium against the production build:
//  - an issue with 1,000 executions (chains of continuations with forks):
//    time until the session-tree picture is interactive, the history list's
//    render time, and frame times while panning and zooming the picture;
//  - an execution with 100,000 log events: time until the log shows its
//    last entry, until all history is loaded, and frame times while
//    scrolling it continuously;
//  - an issue with 200 sessions (3 turns each): time until its page is
//    interactive with every session listed.
//
//   npx tsx --conditions=react-server bench/ui-scale.ts [--runs 3] [--executions 1000] [--events 100000] [--sessions 200] [--timeout-s 900]
//   npx tsx --conditions=react-server bench/ui-scale.ts --render-only   (rewrite the docs section from the last results)
//   … --label "after issue 28" --compare-with old.json   (its column's heading; another result kept as a column)
//   … --interleave <checkout of the code before> [--before-label before] [--rounds 6] [--loads 3]
//     (both builds served side by side, the pages' first views only, in turns: bench/ui-scale/in-turns.ts;
//     the other checkout, e.g. `git worktree add ../before <commit>`, needs its own `npm ci`, and is built there)
//
// Seeds its own database, arbor_bench_ui, on the server DATABASE_URL points
// at (default postgresql://postgres@127.0.0.1:5432/postgres), migrated with
// the app's migrations and the job queue schema. Builds the app into
// .next-ui-bench when sources changed, starts `next start` on a free port,
// and writes bench/results/ui-scale.json and its section of
// docs/performance.md. Stops by itself (--timeout-s).
import { readFileSync } from "node:fs";
import os from "node:os";
import type { Browser } from "playwright-core";
import { benchDatabaseUrl, ensureDatabase, withClient } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { seedLongLog, seedSessionTree } from "@/bench/lib/seed-ui";
import { loadAverage, readResult, writeResult } from "@/bench/lib/stats";
import { measureLog, pageFetchMs, type LogRun } from "@/bench/ui-scale/measure-log";
import { measureSessions, type SessionsRun } from "@/bench/ui-scale/measure-sessions";
import { measureTree, type TreeRun } from "@/bench/ui-scale/measure-tree";
import { measureInTurns, turnsMarkdown, type TurnsColumn } from "@/bench/ui-scale/in-turns";
import { markdown, type UiScaleResult } from "@/bench/ui-scale/report";
import { gitHead } from "@/bench/lib/git-head";
import { seedManySessions } from "@/bench/ui-scale/seed-sessions";
import { applyMigrations } from "@/server/migrations/apply-migrations";
import { installQueueSchema } from "@/server/queue/install-queue-schema";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { launchBrowser } from "@/test/support/browser";

const DATABASE = "arbor_bench_ui";
const DIST_DIR = ".next-ui-bench";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const RUNS = arg("runs", 3);
const EXECUTIONS = arg("executions", 1000);
const EVENTS = arg("events", 100_000);
const SESSIONS = arg("sessions", 200);
const TURNS_PER_SESSION = 3;

function stringArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** What this run measured, for its column ("before …" on the old code, "after …"). */
const LABEL = stringArg("label") ?? "measured";

/**
 * The columns kept beside this run: those of the last results file, plus
 * `--compare-with <file>` (a result measured elsewhere, e.g. on the code
 * before a change), each without its own comparisons.
 */
function comparisons(): UiScaleResult[] {
  const strip = ({ comparisons: _, ...r }: UiScaleResult): UiScaleResult => r;
  const kept = readResult<UiScaleResult>("ui-scale")?.comparisons ?? [];
  const file = stringArg("compare-with");
  const added = file ? [strip(JSON.parse(readFileSync(file, "utf8")) as UiScaleResult)] : [];
  return [...kept, ...added].map(strip);
}
const TIMEOUT_S = arg("timeout-s", 900);

async function prepareDatabase(): Promise<string> {
  await ensureDatabase(DATABASE);
  const url = benchDatabaseUrl(DATABASE);
  await applyMigrations(url);
  await installQueueSchema(url);
  await withClient(url, async (client) => {
    // Only ever this database: start from empty tables.
    if ((await client.query(`SELECT current_database() AS db`)).rows[0].db !== DATABASE) throw new Error("not the UI bench database");
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    if (rows.length) await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  });
  return url;
}

type Seeded = { treeIssueId: string; logIssueId: string; logExecutionId: string; sessionsIssueId: string; seedSeconds: number };

async function seed(url: string): Promise<Seeded> {
  return withClient(url, async (client) => {
    const started = performance.now();
    const tree = await seedSessionTree(client, { count: EXECUTIONS, title: `Session tree with ${EXECUTIONS.toLocaleString("en-US")} executions`, live: 2 });
    const logIssue = await seedSessionTree(client, { count: 1, title: "A very long run" });
    const log = await seedLongLog(client, { issueId: logIssue.issueId, events: EVENTS });
    const many = await seedManySessions(client, { sessions: SESSIONS, turns: TURNS_PER_SESSION });
    await client.query(`VACUUM ANALYZE executions`);
    await client.query(`VACUUM ANALYZE sessions`);
    await client.query(`VACUUM ANALYZE execution_events`);
    return {
      treeIssueId: tree.issueId,
      logIssueId: logIssue.issueId,
      logExecutionId: log.executionId,
      sessionsIssueId: many.issueId,
      seedSeconds: (performance.now() - started) / 1000,
    };
  });
}

type TurnsResult = { date: string; machine: string; loadAverage: number; loadAverageEnd: number; rounds: number; loads: number; columns: TurnsColumn[] };

function turnsSection(result: TurnsResult): string {
  const heading = `### The pages in turns (bench/ui-scale.ts --interleave)\n\nMeasured ${result.date}, ${result.machine}, load ${result.loadAverage} → ${result.loadAverageEnd}: two builds served side by side on one database, ${result.rounds} rounds of ${result.loads} fresh page loads of each page on each build, the builds' order alternating. Only the pages' first views (no panning or scrolling). Both servers and Chromium share the machine's cores, and the load average climbs as the rounds go (the rounds' figures in brackets fall as the machine settles), so the times are well above the single-build columns of the tables above: compare the columns of this table with each other only. Raw numbers: bench/results/ui-scale-turns.json.`;
  return turnsMarkdown(result.columns, heading);
}

/** Both checkouts' builds side by side, their first views timed in turns. */
async function inTurns(url: string, seeded: Seeded, other: string): Promise<void> {
  const rounds = arg("rounds", 6);
  const loads = arg("loads", 3);
  const servers: AppServer[] = [];
  let browser: Browser | null = null;
  try {
    const roots = [
      { root: other, label: stringArg("before-label") ?? "before" },
      { root: process.cwd(), label: LABEL },
    ];
    for (const { root } of roots) servers.push(await startAppServer({ root, distDir: DIST_DIR, databaseUrl: url, readyTimeoutMs: 120_000 }));
    browser = await launchBrowser();
    const sides = roots.map(({ root, label }, i) => ({ label, commit: gitHead(root), base: servers[i].url }));
    for (const side of sides) await fetch(`${side.base}/issues/${seeded.treeIssueId}`).then((r) => r.text());
    const load = loadAverage();
    const columns = await measureInTurns(
      browser,
      sides,
      {
        treeIssueId: seeded.treeIssueId,
        executions: EXECUTIONS,
        sessionsIssueId: seeded.sessionsIssueId,
        sessionRows: SESSIONS * TURNS_PER_SESSION,
        logExecutionId: seeded.logExecutionId,
        events: EVENTS,
      },
      { rounds, loads },
    );
    const cpus = os.cpus();
    const result: TurnsResult = {
      date: new Date().toISOString().slice(0, 16).replace("T", " "),
      machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, Node ${process.version}`,
      loadAverage: load,
      loadAverageEnd: loadAverage(),
      rounds,
      loads,
      columns,
    };
    console.log(`wrote ${writeResult("ui-scale-turns", result)}`);
    const section = turnsSection(result);
    console.log(`wrote ${writeDocSection("ui-turns", section)}\n\n${section}`);
  } finally {
    await browser?.close().catch(() => {});
    for (const server of servers) await server.stop();
  }
}

async function main() {
  if (process.argv.includes("--render-only")) {
    // Rewrite the docs sections from the last results (after editing the wording).
    const last = readResult<UiScaleResult>("ui-scale");
    if (!last) throw new Error("no bench/results/ui-scale.json yet: run the benchmark first");
    console.log(`wrote ${writeDocSection("ui", markdown(last))}`);
    const turns = readResult<TurnsResult>("ui-scale-turns");
    if (turns) console.log(`wrote ${writeDocSection("ui-turns", turnsSection(turns))}`);
    return;
  }
  const deadline = setTimeout(() => {
    console.error(`ui-scale: gave up after ${TIMEOUT_S} s`);
    process.exit(2);
  }, TIMEOUT_S * 1000);
  deadline.unref();

  console.log(`ui-scale: preparing ${DATABASE}…`);
  const url = await prepareDatabase();
  const seeded = await seed(url);
  console.log(`ui-scale: seeded ${EXECUTIONS} executions (${seeded.treeIssueId}) and ${EVENTS} events in ${seeded.seedSeconds.toFixed(1)} s`);
  const other = stringArg("interleave");
  if (other) return inTurns(url, seeded, other);

  let server: AppServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startAppServer({ distDir: DIST_DIR, databaseUrl: url, readyTimeoutMs: 120_000 });
    browser = await launchBrowser();
    const base = server.url;
    const load = loadAverage();
    // Warm up: the first request of each route compiles nothing in production, but fills caches.
    await fetch(`${base}/issues/${seeded.treeIssueId}`).then((r) => r.text());
    await fetch(`${base}/api/issues/${seeded.treeIssueId}/session-tree`).then((r) => r.text());
    await fetch(`${base}/issues/${seeded.sessionsIssueId}`).then((r) => r.text());
    await fetch(`${base}/executions/${seeded.logExecutionId}`).then((r) => r.text());

    const tree: TreeRun[] = [];
    const log: LogRun[] = [];
    const sessions: SessionsRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      tree.push(await measureTree(browser, base, seeded.treeIssueId, EXECUTIONS));
      console.log(`tree run ${i + 1}:`, JSON.stringify(tree.at(-1)));
      log.push(await measureLog(browser, base, seeded.logExecutionId, EVENTS));
      console.log(`log run ${i + 1}:`, JSON.stringify(log.at(-1)));
      sessions.push(await measureSessions(browser, base, seeded.sessionsIssueId, SESSIONS * TURNS_PER_SESSION, SESSIONS));
      console.log(`sessions run ${i + 1}:`, JSON.stringify(sessions.at(-1)));
    }
    const pageFetch = await pageFetchMs(base, seeded.logExecutionId);
    const cpus = os.cpus();
    const result: UiScaleResult = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, Node ${process.version}`,
      loadAverage: load,
      runs: RUNS,
      executions: EXECUTIONS,
      events: EVENTS,
      sessions: SESSIONS,
      turnsPerSession: TURNS_PER_SESSION,
      seedSeconds: seeded.seedSeconds,
      tree,
      log,
      sessionsPage: sessions,
      pageFetch,
      loadAverageEnd: loadAverage(),
      label: LABEL,
      comparisons: comparisons(),
    };
    console.log(`wrote ${writeResult("ui-scale", result)}`);
    const section = markdown(result);
    console.log(`wrote ${writeDocSection("ui", section)}\n\n${section}`);
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
