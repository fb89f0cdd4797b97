import { summarize, type Summary } from "@/bench/lib/stats";
import type { LogRun } from "@/bench/ui-scale/measure-log";
import type { SessionsRun } from "@/bench/ui-scale/measure-sessions";
import type { TreeRun } from "@/bench/ui-scale/measure-tree";

// The results of bench/ui-scale.ts (bench/results/ui-scale.json) and its
// section of docs/performance.md (between <!-- ui:start --> and <!-- ui:end -->).
// Earlier results are kept beside the latest (`comparisons`), each a column
// of the tables, so a change is read against what came before it.

export type UiScaleResult = {
  date: string;
  /** What was measured: "before …" (the code before a change) or "after …". */
  label?: string;
  machine: string;
  loadAverage: number;
  /** Load average (1 min) when the runs ended. */
  loadAverageEnd?: number;
  runs: number;
  executions: number;
  events: number;
  sessions?: number;
  turnsPerSession?: number;
  seedSeconds: number;
  tree: TreeRun[];
  log: LogRun[];
  sessionsPage?: SessionsRun[];
  pageFetch: Summary;
  /** What a reader must know about these figures (the machine's state, goals met or not), shown under the tables. */
  note?: string;
  /** Earlier results, oldest first, shown as columns before this one. */
  comparisons?: UiScaleResult[];
};

const median = (values: number[]) => summarize(values).p50;
const fmt = (ms: number) => (ms >= 100 ? `${Math.round(ms).toLocaleString("en-US")} ms` : `${ms.toFixed(1)} ms`);

type Row = { measure: string; value: (r: UiScaleResult) => string | null };

/** `f` over the runs, or null when a result has no such runs (a measure added later). */
const of = <R>(runs: R[] | undefined, f: (runs: R[]) => string): string | null => (runs?.length ? f(runs) : null);
const ms = <R>(runs: R[] | undefined, pick: (r: R) => number | undefined) =>
  of(runs, (rs) => {
    const values = rs.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? fmt(median(values)) : "—";
  });
const frames = <R>(runs: R[] | undefined, pick: (r: R) => { p50: number; p95: number; max: number }) =>
  of(runs, (rs) => `${fmt(median(rs.map((r) => pick(r).p50)))} / ${fmt(median(rs.map((r) => pick(r).p95)))} / ${fmt(median(rs.map((r) => pick(r).max)))}`);

const treeRows = (n: string): Row[] => [
  {
    measure: "Navigation start → tree picture interactive (first view laid out, nodes focusable); goal ≤ 400 ms",
    value: (r) => ms(r.tree, (t) => t.interactiveMs),
  },
  {
    measure: `Nodes in the page at that moment (of ${n}: only what is near the view)`,
    value: (r) => of(r.tree, (t) => String(median(t.map((x) => x.renderedNodes)))),
  },
  { measure: 'Click "Zoom in" → new zoom shown', value: (r) => ms(r.tree, (t) => t.zoomResponseMs) },
  { measure: "Drag-pan (90 pointer moves): frame time p50 / p95 / max", value: (r) => frames(r.tree, (t) => t.pan) },
  { measure: "Wheel zoom (40 notches): frame time p50 / p95 / max", value: (r) => frames(r.tree, (t) => t.wheelZoom) },
  { measure: '"Load latest" → latest head centred and focused', value: (r) => ms(r.tree, (t) => t.loadLatestMs) },
  {
    measure: `Navigation start → History list shown (scrolled to: rows in view, all ${n} known); goal ≤ 300 ms`,
    value: (r) => ms(r.tree, (t) => t.historyListMs),
  },
  {
    measure: `… → the whole list in (all ${n} rows reachable by scrolling; since 2026-11-29 its first rows come in the page's HTML before it)`,
    value: (r) => ms(r.tree, (t) => t.historyWholeMs),
  },
];

const logRows: Row[] = [
  { measure: "Navigation start → last entry visible; goal ≤ 400 ms", value: (r) => ms(r.log, (l) => l.lastEntryMs) },
  {
    measure: "Navigation start → the log's buttons answer (hydrated; since 2026-11-28 the log is drawn in the page's HTML, so it shows before this)",
    value: (r) => (r.log.every((l) => l.interactiveMs !== undefined) ? ms(r.log, (l) => l.interactiveMs ?? 0) : null),
  },
  {
    measure:
      'Navigation start → all history loaded (until 2026-11-28, eagerly); since then the log loads older pages only when wanted: → the log\'s first entry on screen, "Jump to start" pressed as soon as it answers (until 2026-11-28: as soon as the last entry showed)',
    value: (r) => ms(r.log, (l) => l.historyLoadedMs),
  },
  { measure: "Rows in the page (virtualized)", value: (r) => of(r.log, (l) => String(median(l.map((x) => x.domRows)))) },
  {
    measure:
      "Continuous scroll up from the end (400 px a frame, 180 frames; since 2026-11-28 older pages load as the view nears them): frame time p50 / p95 / max",
    value: (r) => frames(r.log, (l) => l.scroll),
  },
  {
    measure: "… frames over 50 ms",
    value: (r) => of(r.log, (l) => `${median(l.map((x) => x.scroll.over50ms))} of ${median(l.map((x) => x.scroll.frames))}`),
  },
  { measure: "Jump to top → first entry rendered (since 2026-11-28 its page is loaded then)", value: (r) => ms(r.log, (l) => l.jumpToTopMs) },
  { measure: "`#seq-<n>` anchor (middle of the log) → entry rendered (since 2026-11-28 its page is loaded then)", value: (r) => ms(r.log, (l) => l.anchorMs) },
  {
    measure: "One JSON page of 5,000 events, server time seen by a client (p50 / max of 5)",
    value: (r) => `${fmt(r.pageFetch.p50)} / ${fmt(r.pageFetch.max)}`,
  },
];

const sessionRows: Row[] = [
  {
    measure:
      "Navigation start → page interactive with its History list shown (until 2026-11-28 every row drawn; since then the rows in view, all 600 known, the 200 sessions then found by scrolling it); goal ≤ 500 ms",
    value: (r) => ms(r.sessionsPage, (s) => s.listedMs),
  },
  {
    measure: "… → the whole list in (every row reachable by scrolling; since 2026-11-29 its first rows come in the page's HTML before it)",
    value: (r) => ms(r.sessionsPage, (s) => s.wholeMs),
  },
  {
    measure: "Rows / distinct sessions in the History list",
    value: (r) => of(r.sessionsPage, (s) => `${median(s.map((x) => x.rows))} / ${median(s.map((x) => x.sessions))}`),
  },
];

/** A column's heading: what, when, the load, and the machine when it is not the latest's. */
const heading = (r: UiScaleResult, latest: UiScaleResult) =>
  `${r.label ?? "measured"}, ${r.date} (load ${r.loadAverage}${r.loadAverageEnd !== undefined ? `→${r.loadAverageEnd}` : ""}${r.machine !== latest.machine ? `; ${r.machine}` : ""})`;

function table(rows: Row[], columns: UiScaleResult[]): string[] {
  const latest = columns[columns.length - 1];
  return [
    `| Measure | ${columns.map((c) => heading(c, latest)).join(" | ")} |`,
    `| --- | ${columns.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.measure} | ${columns.map((c) => row.value(c) ?? "—").join(" | ")} |`),
  ];
}

export function markdown(result: UiScaleResult): string {
  const columns = [...(result.comparisons ?? []), result];
  const n = result.executions.toLocaleString("en-US");
  const sessions = result.sessions ?? 200;
  const lines = [
    `## UI at scale (bench/ui-scale.ts)`,
    ``,
    `Measured in headless Chromium (1280×900) against the production build (\`next start\`), ${result.machine}. Medians of ${result.runs} runs per column, each in a fresh browser context; the load average (1 min) at the start → end of each column's runs is in its heading: this machine's 2 cores are shared with other work, so the columns measured the same day are the ones to compare. Re-run: \`npx tsx --conditions=react-server bench/ui-scale.ts\` (\`--label\`, \`--compare-with <results.json>\` to keep another result as a column; \`--interleave <checkout>\` to load two builds' pages in turns instead, below).`,
    ``,
    `How the pages load now: the execution page is drawn on the server with its data: the page reads the execution and the last 100 events of its log (\`server/executions/read-execution-page.ts\`), draws the rows at the log's end into the HTML, which opens scrolled to its end before any script runs, and hands the same answers to the browser's cache (\`<HydrationBoundary>\`), so hydrating asks for nothing. Since 2026-11-29 the issue page's HTML carries the issue and its History list's first 24 rows (\`server/issues/read-issue-page.ts\`), shown before any script runs, until the whole list takes their place. The issue page's HTML carries a small script that requests its executions while the page's JavaScript loads, so nothing waits for hydration to start a request (\`lib/executions/early-fetch.ts\`); the issue's executions come flat from one SQL statement (\`GET /api/issues/:id/tree-summary\`, \`server/executions/read-issue-tree.ts\`) and the page builds the tree, as it does for live patches. Since 2026-11-28 (evening) every page is watched from the first byte of its answer: the measures before waited for the page's load event first, which a log drawn in the HTML beats.`,
    ``,
    `**Session tree, ${n} executions** (chains of continuations with forks off them; issue page, Tree tab):`,
    ``,
    ...table(treeRows(n), columns),
    ``,
    `**Log, ${result.events.toLocaleString("en-US")} events** (Claude stream-json lines through the real normalizer: text, Bash, Read of 60 lines, Edit, thinking, final result; the last 100 events come in the page's HTML (until 2026-11-28 evening: the last 500 fetched first, alongside the execution); older events load 1,000 at a time as the reader nears them, or 500 around a jump or a \`#seq-<n>\` address. Columns measured before that change loaded the rest at once: ${Math.ceil((result.events - 500) / 5000)} pages of ≤ 5,000 events, 3 in parallel, about ${Math.round((result.events * 650) / 1e6)} MB of JSON):`,
    ``,
    ...table(logRows, columns),
    ``,
    `**Issue page, ${sessions} sessions** (${result.turnsPerSession ?? 3} turns each, every turn linking its SESS-n; new in issue 28):`,
    ``,
    ...table(sessionRows, columns),
    ``,
    ...(result.note ? [result.note, ``] : []),
    `Seeding (${n} executions + ${result.events.toLocaleString("en-US")} events + ${sessions} sessions in SQL) took ${result.seedSeconds.toFixed(1)} s. Raw numbers: bench/results/ui-scale.json.`,
  ];
  return lines.join("\n");
}
