// The parts of a long log the page has loaded: runs of consecutive events
// (segments) with gaps between them, and the rows the view shows for them.
// A 100,000-event log opens with its last 500 events only; older events
// arrive a page at a time as the reader scrolls up to a gap, jumps to the
// start or follows a #seq-<n> link (ExecutionLogLoader), so the page never
// downloads, parses and lays out the whole history up front.
import type { LogEntry } from "@/lib/executions/log-entries";
import { estimateEntryHeight } from "@/lib/executions/log-entry-size";
import { conversationLines, type LogLine } from "@/lib/executions/log-lines";

export type { LogLine };

/** Events (seq after `from`, up to and including `to`) and their rows; `view` caches the rows. */
export type Segment = { from: number; to: number; lines: LogLine[]; view: LogLine[] | null };

/** Events (seq after `after`, up to and including `to`) not loaded yet, shown as one row. */
export type LogGap = {
  gap: { after: number; to: number; loading: boolean };
  key: string;
  /** Negative: never a line's key. New for every extent, so the view never holds a gap in place (ExecutionLog keeps the rows beside it steady). */
  vkey: number;
  /** The first seq it stands for (rows stay in seq order for the anchor search). */
  seq: number;
  sizeHint: number;
};

export type LogRow = LogLine | LogGap;

export const isGap = (row: LogRow): row is LogGap => "gap" in row;

export const GAP_HEIGHT = 48;

export function toLines(events: { seq: number; entries: LogEntry[] }[], toolNames: Map<string, string>): LogLine[] {
  const lines: LogLine[] = [];
  for (const event of events) {
    event.entries.forEach((entry, i) => {
      if (entry.type === "tool_call") toolNames.set(entry.toolUseId, entry.tool);
      lines.push({ key: `${event.seq}:${i}`, vkey: event.seq * 1024 + i, seq: event.seq, first: i === 0, entry, sizeHint: estimateEntryHeight(entry) });
    });
  }
  return lines;
}

/** The segment index holding seq, or -1. Segments are sorted and disjoint. */
export function segmentOf(segments: readonly Segment[], seq: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = segments[mid];
    if (seq <= s.from) hi = mid - 1;
    else if (seq > s.to) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The gaps between (and before) the segments, in order. */
export function gapsOf(segments: readonly Segment[]): { after: number; to: number }[] {
  const gaps: { after: number; to: number }[] = [];
  let end = 0;
  for (const s of segments) {
    if (s.from > end) gaps.push({ after: end, to: s.from });
    end = s.to;
  }
  return gaps;
}

/**
 * Adds the events of (after, to] that no segment holds yet, and joins
 * segments that touch. Returns the new list (segments are replaced, never
 * changed in place, except the one whose lines grow: its view is reset).
 */
export function insertRange(segments: readonly Segment[], after: number, to: number, lines: LogLine[]): Segment[] {
  const fresh = lines.filter((l) => l.seq > after && l.seq <= to && segmentOf(segments, l.seq) === -1);
  // Clip the range to the gap it falls in (a race of two loads may overlap).
  let from = after;
  let end = to;
  for (const s of segments) {
    if (s.to <= after && s.to > from) from = s.to;
    if (s.from >= after && s.from < end) end = s.from;
  }
  if (end <= from) return [...segments];
  const all = [...segments, { from, to: end, lines: fresh, view: null }].sort((a, b) => a.from - b.from);
  const out: Segment[] = [];
  for (const s of all) {
    const last = out[out.length - 1];
    if (last && last.to >= s.from) out[out.length - 1] = { from: last.from, to: Math.max(last.to, s.to), lines: last.lines.concat(s.lines), view: null };
    else out.push(s);
  }
  return out;
}

/** The range to load for `seq` inside its gap: up to `size` events around it, kept within the gap. */
export function rangeAround(gap: { after: number; to: number }, seq: number, size: number): { after: number; to: number } {
  let after = Math.max(gap.after, seq - 1 - Math.floor(size / 2));
  const to = Math.min(gap.to, after + size);
  after = Math.max(gap.after, to - size);
  return { after, to };
}

/** The rows of the view: each segment's conversation lines, a gap row where events are missing. */
export function buildRows(segments: Segment[], inflight: readonly { after: number; to: number }[]): LogRow[] {
  const rows: LogRow[] = [];
  let end = 0;
  for (const s of segments) {
    if (s.from > end) rows.push(gapRow(end, s.from, inflight));
    // The agent's echo of the prompt is only ever at the log's start (the page shows the prompt itself).
    s.view ??= conversationLines(s.lines, { hidePromptEcho: s.from === 0 });
    for (const line of s.view) rows.push(line);
    end = s.to;
  }
  return rows;
}

function gapRow(after: number, to: number, inflight: readonly { after: number; to: number }[]): LogGap {
  const loading = inflight.some((r) => r.after < to && r.to > after);
  return { gap: { after, to, loading }, key: `gap:${after}:${to}`, vkey: -(after * 1_000_003 + (to - after)) - 1, seq: after + 1, sizeHint: GAP_HEIGHT };
}
