// How the log view asks for older history and keeps the reader's place when
// it arrives (ExecutionLog): pure helpers over the virtualizer's state, so
// the component stays about rendering.
import type { VirtualItem, Virtualizer } from "@tanstack/react-virtual";
import { isGap, type LogGap, type LogRow } from "@/lib/executions/log-segments";

/** Rows between the view and a gap at which its next page is asked for. */
export const FILL_AHEAD_ROWS = 1_000;

type LogVirtualizer = Virtualizer<HTMLDivElement, Element>;

export type Fill = { gap: LogGap["gap"]; side: "start" | "end" };

/** The indexes of the gap rows (few: one before the loaded part, one around a jump or an anchor). */
export function gapIndexes(rows: readonly LogRow[]): number[] {
  const out: number[] = [];
  rows.forEach((row, i) => {
    if (isGap(row)) out.push(i);
  });
  return out;
}

/** What the reader sees: the scroller's own position (the virtualizer's may still be on its way to a target). */
export type View = { top: number; height: number };

export const viewOf = (element: HTMLElement | null): View | null => (element ? { top: element.scrollTop, height: element.clientHeight } : null);

/** The index of the row at `offset` (binary search over the measured starts). */
function indexAt(measurements: readonly VirtualItem[], offset: number): number {
  let lo = 0;
  let hi = measurements.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measurements[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether the row sits above the middle of the view (the reader came from below it). */
function readerBelow(item: VirtualItem, view: View): boolean {
  return item.start + item.size / 2 <= view.top + view.height / 2;
}

/**
 * The gaps near the view and from which side to load each: from its end
 * when the reader is below it (scrolling up), from its start when above.
 */
export function gapsToFill(virtualizer: LogVirtualizer, view: View | null, rows: readonly LogRow[], gaps: readonly number[]): Fill[] {
  const measurements = virtualizer.measurementsCache;
  if (!view || !gaps.length || measurements.length !== rows.length) return [];
  const first = indexAt(measurements, view.top);
  const last = indexAt(measurements, view.top + view.height);
  const fills: Fill[] = [];
  for (const index of gaps) {
    if (index < first - FILL_AHEAD_ROWS || index > last + FILL_AHEAD_ROWS) continue;
    const row = rows[index];
    if (!isGap(row) || row.gap.loading) continue;
    fills.push({ gap: row.gap, side: readerBelow(measurements[index], view) ? "end" : "start" });
  }
  return fills;
}

/**
 * Before rows change: when a gap is in view, the row the reader sees beside
 * it (below it when they came from below), and where it is in the view.
 * The virtualizer keeps the row at the top of the view in place, which for
 * a gap being filled would push what the reader was looking at away.
 */
export function steadyRow(virtualizer: LogVirtualizer | null, view: View | null, rows: readonly LogRow[]): { vkey: number; offset: number } | null {
  const measurements = virtualizer?.measurementsCache;
  // At the end, new entries are followed instead.
  if (!measurements || !view || !rows.length || measurements.length !== rows.length || virtualizer.isAtEnd()) return null;
  const last = indexAt(measurements, view.top + view.height);
  for (let i = indexAt(measurements, view.top); i <= last; i++) {
    if (!isGap(rows[i])) continue;
    const neighbour = readerBelow(measurements[i], view) ? i + 1 : i - 1;
    const item = measurements[neighbour];
    if (!item) return null;
    return { vkey: rows[neighbour].vkey, offset: item.start - view.top };
  }
  return null;
}

/** After rows changed: scrolls so the row `steadyRow` chose is where it was. */
export function restoreSteadyRow(virtualizer: LogVirtualizer, rows: readonly LogRow[], steady: { vkey: number; offset: number }): void {
  const index = rows.findIndex((row) => row.vkey === steady.vkey);
  const item = index < 0 ? undefined : virtualizer.measurementsCache[index];
  if (item) virtualizer.scrollToOffset(Math.max(0, item.start - steady.offset));
}

/** Runs `task` when the browser is idle (a background page must not cost a frame), or soon where it cannot say. */
export function whenIdle(task: () => void): () => void {
  if (typeof window !== "undefined" && "requestIdleCallback" in window) {
    const id = window.requestIdleCallback(task, { timeout: 200 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
}
