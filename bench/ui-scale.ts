// The UI at scale, measured in Chromium against the production build:
//  - an issue with 1,000 executions (chains of continuations with forks):
//    time until the session-tree picture is interactive, the history list's
//    render time, and frame times while panning and zooming the picture;
//  - an execution with 100,000 log events: time until the log shows its
//    last entry, until all history is loaded, and frame times while
//    scrolling it continuously.
//
//   npx tsx --conditions=react-server bench/ui-scale.ts [--runs 3] [--executions 1000] [--events 100000] [--timeout-s 900]
//   npx tsx --conditions=react-server bench/ui-scale.ts --render-only   (rewrite the docs section from the last results)
//
// Seeds its own database, arbor_bench_ui, on the server DATABASE_URL points
// at (default postgresql://postgres@127.0.0.1:5432/postgres), migrated with
// the app's migrations and the job queue schema. Builds the app into
// .next-ui-bench when sources changed, starts `next start` on a free port,
// and writes bench/results/ui-scale.json and its section of
// docs/performance.md. Stops by itself (--timeout-s).
import os from "node:os";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { serverUrl } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { seedLongLog, seedSessionTree } from "@/bench/lib/seed-ui";
import { loadAverage, readResult, summarize, writeResult, type Summary } from "@/bench/lib/stats";
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
const TIMEOUT_S = arg("timeout-s", 900);

function benchUrl(): string {
  const url = new URL(serverUrl());
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = benchUrl();
  await applyMigrations(url);
  await installQueueSchema(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Only ever this database: start from empty tables.
    if ((await client.query(`SELECT current_database() AS db`)).rows[0].db !== DATABASE) throw new Error("not the UI bench database");
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    if (rows.length) await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  } finally {
    await client.end();
  }
  return url;
}

type Seeded = { treeIssueId: string; logIssueId: string; logExecutionId: string; seedSeconds: number };

async function seed(url: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const tree = await seedSessionTree(client, { count: EXECUTIONS, title: `Session tree with ${EXECUTIONS.toLocaleString("en-US")} executions`, live: 2 });
    const logIssue = await seedSessionTree(client, { count: 1, title: "A very long run" });
    const log = await seedLongLog(client, { issueId: logIssue.issueId, events: EVENTS });
    await client.query(`VACUUM ANALYZE executions`);
    await client.query(`VACUUM ANALYZE execution_events`);
    return { treeIssueId: tree.issueId, logIssueId: logIssue.issueId, logExecutionId: log.executionId, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Rejects when a step in the page takes longer than `ms` (the benchmark must stop by itself). */
function bounded<T>(promise: Promise<T>, what: string, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
    }),
  ]);
}

/** Frame intervals (ms) recorded in the page while `action` runs. */
async function frameTimes(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames.slice(1);
  });
}

function frameStats(frames: number[]) {
  const s = summarize(frames);
  return { frames: frames.length, p50: s.p50, p95: s.p95, max: s.max, over50ms: frames.filter((f) => f > 50).length, fps: 1000 / s.mean };
}

type TreeRun = {
  interactiveMs: number;
  renderedNodes: number;
  zoomResponseMs: number;
  pan: ReturnType<typeof frameStats>;
  wheelZoom: ReturnType<typeof frameStats>;
  loadLatestMs: number;
  historyListMs: number;
};

async function measureTree(browser: Browser, base: string, issueId: string): Promise<TreeRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles with keepNames: functions sent to the page call its __name helper.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  try {
    await page.goto(`${base}/issues/${issueId}?view=tree`);
    // Interactive: the picture has its first view and nodes to focus (ms since navigation start).
    const interactiveMs = await page
      .waitForFunction(
        () => {
          const graph = document.querySelector('[data-testid="session-tree-graph"][data-ready="true"]');
          return graph?.querySelector('[role="treeitem"]') ? performance.now() : false;
        },
        undefined,
        { polling: "raf" },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    const renderedNodes = await page.locator('[role="treeitem"]').count();

    // A click on Zoom in until the new zoom shows.
    const zoomResponseMs = await bounded(
      page.evaluate(async () => {
        const label = () => /(\d+)%/.exec(document.querySelector('[role="toolbar"]')?.textContent ?? "")?.[1];
        const before = label();
        const button = [...document.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === "Zoom in")!;
        const t0 = performance.now();
        button.click();
        return new Promise<number>((resolve) => {
          const check = () => (label() !== before ? resolve(performance.now() - t0) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        });
      }),
      "zoom response",
    );

    const box = (await page.getByTestId("session-tree-graph").boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const pan = frameStats(
      await frameTimes(page, async () => {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        for (let i = 0; i < 90; i++) await page.mouse.move(cx - i * 12, cy - i * 6);
        await page.mouse.up();
      }),
    );
    const wheelZoom = frameStats(
      await frameTimes(page, async () => {
        await page.mouse.move(cx, cy);
        for (let i = 0; i < 40; i++) await page.mouse.wheel(0, i < 20 ? 120 : -120);
      }),
    );
    const loadLatestMs = await bounded(
      page.evaluate(async () => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Load latest")!;
        const t0 = performance.now();
        button.click();
        return new Promise<number>((resolve) => {
          const check = () => {
            const focused = document.activeElement?.getAttribute("data-node-id");
            if (focused) resolve(performance.now() - t0);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
      }),
      "load latest",
    );

    // The same 1,000 executions as the history list.
    await page.goto(`${base}/issues/${issueId}`);
    const historyListMs = await page
      .waitForFunction((n) => (document.querySelectorAll('[aria-label="Execution history"] > li').length >= n ? performance.now() : false), EXECUTIONS, {
        polling: "raf",
      })
      .then((h) => h.jsonValue() as Promise<number>);
    return { interactiveMs, renderedNodes, zoomResponseMs, pan, wheelZoom, loadLatestMs, historyListMs };
  } finally {
    await context.close();
  }
}

type LogRun = { lastEntryMs: number; historyLoadedMs: number; domRows: number; scroll: ReturnType<typeof frameStats>; jumpToTopMs: number; anchorMs: number };

async function measureLog(browser: Browser, base: string, executionId: string): Promise<LogRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles with keepNames: functions sent to the page call its __name helper.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  try {
    await page.goto(`${base}/executions/${executionId}`);
    // The last entry (seq = EVENTS) is rendered and within the log's viewport.
    const lastEntryMs = await page
      .waitForFunction(
        (last) => {
          const feed = document.querySelector('[data-testid="execution-log"]');
          const row = feed?.querySelector(`[data-seq="${last}"]`);
          if (!feed || !row) return false;
          const f = feed.getBoundingClientRect();
          const r = row.getBoundingClientRect();
          return r.top < f.bottom && r.bottom > f.top ? performance.now() : false;
        },
        EVENTS,
        { polling: "raf" },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    const historyLoadedMs = await page
      .waitForFunction(
        () => (document.querySelector('[data-testid="execution-log"]')?.getAttribute("aria-busy") === "false" ? performance.now() : false),
        undefined,
        { polling: "raf" },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    const domRows = await page.locator('[data-testid="execution-log"] [role="article"]').count();

    // Scroll up continuously, 400 px a frame for 180 frames (about 3 s at 60 fps).
    const scroll = frameStats(
      await bounded(
        frameTimes(page, () =>
          page.evaluate(
            () =>
              new Promise<void>((resolve) => {
                const feed = document.querySelector('[data-testid="execution-log"]') as HTMLElement;
                let n = 0;
                const step = () => {
                  feed.scrollTop -= 400;
                  if (++n < 180) requestAnimationFrame(step);
                  else resolve();
                };
                requestAnimationFrame(step);
              }),
          ),
        ),
        "scroll",
      ),
    );
    // Jump to the very top: until the first entry is on screen.
    const jumpToTopMs = await bounded(
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const feed = document.querySelector('[data-testid="execution-log"]') as HTMLElement;
            const t0 = performance.now();
            feed.scrollTop = 0;
            const check = () => (feed.querySelector('[data-seq="1"]') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
            requestAnimationFrame(check);
          }),
      ),
      "jump to top",
    );
    // A search-result link: #seq-<n> in the middle of the log.
    const target = Math.floor(EVENTS / 2) + 3;
    const anchorMs = await bounded(
      page.evaluate(
        (seq) =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            window.location.hash = `#seq-${seq}`;
            const check = () => (document.getElementById(`seq-${seq}`) ? resolve(performance.now() - t0) : requestAnimationFrame(check));
            requestAnimationFrame(check);
          }),
        target,
      ),
      "anchor",
    );
    return { lastEntryMs, historyLoadedMs, domRows, scroll, jumpToTopMs, anchorMs };
  } finally {
    await context.close();
  }
}

async function pageFetchMs(base: string, executionId: string): Promise<Summary> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/executions/${executionId}/events?after=${i * 5000}&limit=5000`, { headers: { accept: "application/json" } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return summarize(times);
}

const median = (values: number[]) => summarize(values).p50;
const fmt = (ms: number) => (ms >= 100 ? `${Math.round(ms).toLocaleString("en-US")} ms` : `${ms.toFixed(1)} ms`);

function markdown(result: UiScaleResult): string {
  const t = result.tree;
  const l = result.log;
  const lines = [
    `## UI at scale (bench/ui-scale.ts)`,
    ``,
    `Measured ${result.date} in headless Chromium (1280×900) against the production build (\`next start\`), ${result.machine}; load average ${result.loadAverage} at the start (other work on the machine skews these numbers). Medians of ${result.runs} runs, each in a fresh browser context. Re-run: \`npx tsx --conditions=react-server bench/ui-scale.ts\`.`,
    ``,
    `**Session tree, ${result.executions.toLocaleString("en-US")} executions** (chains of continuations with forks off them; issue page, Tree tab):`,
    ``,
    `| Measure | Median |`,
    `| --- | --- |`,
    `| Navigation start → tree picture interactive (first view laid out, nodes focusable) | ${fmt(median(t.map((r) => r.interactiveMs)))} |`,
    `| Nodes in the page at that moment (of ${result.executions}: only what is near the view) | ${median(t.map((r) => r.renderedNodes))} |`,
    `| Click "Zoom in" → new zoom shown | ${fmt(median(t.map((r) => r.zoomResponseMs)))} |`,
    `| Drag-pan (90 pointer moves): frame time p50 / p95 / max | ${fmt(median(t.map((r) => r.pan.p50)))} / ${fmt(median(t.map((r) => r.pan.p95)))} / ${fmt(median(t.map((r) => r.pan.max)))} |`,
    `| Wheel zoom (40 notches): frame time p50 / p95 / max | ${fmt(median(t.map((r) => r.wheelZoom.p50)))} / ${fmt(median(t.map((r) => r.wheelZoom.p95)))} / ${fmt(median(t.map((r) => r.wheelZoom.max)))} |`,
    `| "Load latest" → latest head centred and focused | ${fmt(median(t.map((r) => r.loadLatestMs)))} |`,
    `| Navigation start → History list shows all ${result.executions.toLocaleString("en-US")} rows | ${fmt(median(t.map((r) => r.historyListMs)))} |`,
    ``,
    `**Log, ${result.events.toLocaleString("en-US")} events** (Claude stream-json lines through the real normalizer: text, Bash, Read of 60 lines, Edit, thinking, final result):`,
    ``,
    `| Measure | Median |`,
    `| --- | --- |`,
    `| Navigation start → last entry visible (the last 500 events are fetched first, alongside the execution) | ${fmt(median(l.map((r) => r.lastEntryMs)))} |`,
    `| Navigation start → all history loaded (then ${Math.ceil((result.events - 500) / 5000)} pages of ≤ 5,000 events, 3 in parallel; about ${Math.round((result.events * 650) / 1e6)} MB of JSON) | ${fmt(median(l.map((r) => r.historyLoadedMs)))} |`,
    `| Rows in the page (virtualized) | ${median(l.map((r) => r.domRows))} |`,
    `| Continuous scroll up (400 px a frame, 180 frames): frame time p50 / p95 / max | ${fmt(median(l.map((r) => r.scroll.p50)))} / ${fmt(median(l.map((r) => r.scroll.p95)))} / ${fmt(median(l.map((r) => r.scroll.max)))} |`,
    `| … frames over 50 ms | ${median(l.map((r) => r.scroll.over50ms))} of ${median(l.map((r) => r.scroll.frames))} |`,
    `| Jump to top → first entry rendered | ${fmt(median(l.map((r) => r.jumpToTopMs)))} |`,
    `| \`#seq-<n>\` anchor (middle of the log) → entry rendered | ${fmt(median(l.map((r) => r.anchorMs)))} |`,
    `| One JSON page of 5,000 events, server time seen by a client (p50 / max of 5) | ${fmt(result.pageFetch.p50)} / ${fmt(result.pageFetch.max)} |`,
    ``,
    `Seeding (${result.executions.toLocaleString("en-US")} executions + ${result.events.toLocaleString("en-US")} events in SQL) took ${result.seedSeconds.toFixed(1)} s. Raw numbers: bench/results/ui-scale.json.`,
  ];
  return lines.join("\n");
}

type UiScaleResult = {
  date: string;
  machine: string;
  loadAverage: number;
  runs: number;
  executions: number;
  events: number;
  seedSeconds: number;
  tree: TreeRun[];
  log: LogRun[];
  pageFetch: Summary;
};

async function main() {
  if (process.argv.includes("--render-only")) {
    // Rewrite the docs section from the last results (after editing the wording).
    const last = readResult<UiScaleResult>("ui-scale");
    if (!last) throw new Error("no bench/results/ui-scale.json yet: run the benchmark first");
    console.log(`wrote ${writeDocSection("ui", markdown(last))}`);
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

    const tree: TreeRun[] = [];
    const log: LogRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      tree.push(await measureTree(browser, base, seeded.treeIssueId));
      console.log(`tree run ${i + 1}:`, JSON.stringify(tree.at(-1)));
      log.push(await measureLog(browser, base, seeded.logExecutionId));
      console.log(`log run ${i + 1}:`, JSON.stringify(log.at(-1)));
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
      seedSeconds: seeded.seedSeconds,
      tree,
      log,
      pageFetch,
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
