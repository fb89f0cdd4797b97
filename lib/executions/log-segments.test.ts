import type { LogEntry } from "@/lib/executions/log-entries";
import { buildRows, gapsOf, insertRange, isGap, rangeAround, segmentOf, toLines, type Segment } from "@/lib/executions/log-segments";

// The loaded parts of a long log: runs of events with gaps between them.

const events = (from: number, to: number, entry: (seq: number) => LogEntry = (seq) => ({ type: "text", text: `line ${seq}` })) =>
  Array.from({ length: to - from }, (_, i) => ({ seq: from + i + 1, entries: [entry(from + i + 1)] }));
const lines = (from: number, to: number) => toLines(events(from, to), new Map());
const extents = (segments: Segment[]) => segments.map((s) => [s.from, s.to, s.lines.length]);

describe("insertRange", () => {
  it("adds a range, keeps segments sorted and joins those that touch", () => {
    let segments = insertRange([], 90, 100, lines(90, 100));
    segments = insertRange(segments, 0, 10, lines(0, 10));
    expect(extents(segments)).toEqual([
      [0, 10, 10],
      [90, 100, 10],
    ]);
    expect(gapsOf(segments)).toEqual([{ after: 10, to: 90 }]);
    segments = insertRange(segments, 80, 90, lines(80, 90));
    expect(extents(segments)).toEqual([
      [0, 10, 10],
      [80, 100, 20],
    ]);
    segments = insertRange(segments, 10, 80, lines(10, 80));
    expect(extents(segments)).toEqual([[0, 100, 100]]);
    expect(segments[0].lines.map((l) => l.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(gapsOf(segments)).toEqual([]);
  });

  it("never holds an event twice when two loads overlap", () => {
    let segments = insertRange([], 40, 60, lines(40, 60));
    segments = insertRange(segments, 30, 50, lines(30, 50));
    segments = insertRange(segments, 55, 70, lines(55, 70));
    expect(extents(segments)).toEqual([[30, 70, 40]]);
    expect(insertRange(segments, 35, 45, lines(35, 45))).toEqual(segments);
  });

  it("leaves the segments it was given as they were", () => {
    const before = insertRange([], 40, 60, lines(40, 60));
    const copy = extents(before);
    insertRange(before, 60, 70, lines(60, 70));
    expect(extents(before)).toEqual(copy);
  });
});

test("segmentOf finds the segment holding a seq", () => {
  const segments = insertRange(insertRange([], 0, 10, lines(0, 10)), 20, 30, lines(20, 30));
  expect([1, 10, 11, 20, 21, 30, 31].map((seq) => segmentOf(segments, seq))).toEqual([0, 0, -1, -1, 1, 1, -1]);
});

test("rangeAround centres on the seq and stays inside its gap", () => {
  expect(rangeAround({ after: 0, to: 100_000 }, 50_003, 500)).toEqual({ after: 49_752, to: 50_252 });
  expect(rangeAround({ after: 0, to: 99_500 }, 1, 500)).toEqual({ after: 0, to: 500 });
  expect(rangeAround({ after: 1_000, to: 1_200 }, 1_150, 500)).toEqual({ after: 1_000, to: 1_200 });
  expect(rangeAround({ after: 1_000, to: 5_000 }, 4_999, 500)).toEqual({ after: 4_500, to: 5_000 });
});

describe("buildRows", () => {
  it("shows a gap row where events are missing, in seq order, marked while a load covers it", () => {
    const segments = insertRange(insertRange([], 0, 2, lines(0, 2)), 8, 10, lines(8, 10));
    const rows = buildRows(segments, [{ after: 6, to: 8 }]);
    expect(rows.map((r) => (isGap(r) ? `gap ${r.gap.after}-${r.gap.to}${r.gap.loading ? " loading" : ""}` : r.seq))).toEqual([1, 2, "gap 2-8 loading", 9, 10]);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 9, 10]);
    const gap = rows[2];
    expect(gap.vkey).toBeLessThan(0);
    // A new extent is a new row (the view keeps the rows beside it in place, not the gap).
    const later = buildRows(insertRange(segments, 6, 8, lines(6, 8)), []);
    expect(later.find(isGap)?.vkey).not.toBe(gap.vkey);
  });

  it("hides the agent's echo of the prompt only at the log's start", () => {
    const prompt = (seq: number): LogEntry => (seq === 1 || seq === 51 ? { type: "user_message", text: "Fix it" } : { type: "text", text: `line ${seq}` });
    const atStart = insertRange([], 0, 3, toLines(events(0, 3, prompt), new Map()));
    expect(buildRows(atStart, []).map((r) => r.seq)).toEqual([2, 3]);
    const inTheMiddle = insertRange([], 50, 53, toLines(events(50, 53, prompt), new Map()));
    expect(
      buildRows(inTheMiddle, [])
        .filter((r) => !isGap(r))
        .map((r) => r.seq),
    ).toEqual([51, 52, 53]);
  });
});
