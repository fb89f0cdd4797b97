import { summarize, type Summary } from "@/bench/lib/stats";
import type { LogRun } from "@/bench/ui-scale/measure-log";
import type { TreeRun } from "@/bench/ui-scale/measure-tree";

// The results of bench/ui-scale.ts (bench/results/ui-scale.json) and its
// section of docs/performance.md (between <!-- ui:start --> and <!-- ui:end -->).

export type UiScaleResult = {
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

const median = (values: number[]) => summarize(values).p50;
const fmt = (ms: number) => (ms >= 100 ? `${Math.round(ms).toLocaleString("en-US")} ms` : `${ms.toFixed(1)} ms`);

export function markdown(result: UiScaleResult): string {
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
