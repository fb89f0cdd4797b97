import type { ExecutionEventPage } from "@/lib/executions/schema";
import { ExecutionLogLoader, HISTORY_PAGE_SIZE, REVEAL_EVENTS, TAIL_EVENTS, type LogLoaderOptions } from "@/lib/executions/log-loader";
import { isGap } from "@/lib/executions/log-segments";
import { FakeEventSource } from "@/test/support/fake-event-source";

// The log loader without React or a browser: fake pages, a fake stream.
// Only the end of the log loads at first; older pages when asked (fill, reveal).

function page(after: number, count: number): ExecutionEventPage {
  const events = Array.from({ length: count }, (_, i) => ({
    seq: after + i + 1,
    stream: "stdout",
    kind: "text",
    createdAt: "2026-01-01T00:00:00.000Z",
    entries: [{ type: "text" as const, text: `line ${after + i + 1}` }],
  }));
  return { events, nextAfter: events.at(-1)?.seq ?? after, after };
}

/** A log of `total` events served in pages; records what was asked. */
function setup(total: number, overrides: Partial<LogLoaderOptions> = {}) {
  const calls: (string | number)[][] = [];
  const sources: FakeEventSource[] = [];
  const statuses: unknown[] = [];
  const loader = new ExecutionLogLoader({
    fetchTail: async () => {
      calls.push(["tail", TAIL_EVENTS]);
      const after = Math.max(0, total - TAIL_EVENTS);
      return page(after, total - after);
    },
    fetchPage: async (after, limit) => {
      calls.push([after, limit]);
      return page(after, Math.max(0, Math.min(limit, total - after)));
    },
    openStream: (after) => {
      const source = new FakeEventSource(String(after));
      sources.push(source);
      return source;
    },
    onStatus: (execution) => statuses.push(execution),
    isFinished: () => false,
    eventCount: () => total,
    anchorSeq: () => null,
    ...overrides,
  });
  return { loader, calls, sources, statuses };
}

async function until(condition: () => boolean, ms = 2000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const seqs = (loader: ExecutionLogLoader) =>
  loader
    .getSnapshot()
    .rows.filter((r) => !isGap(r))
    .map((r) => r.seq);
const gaps = (loader: ExecutionLogLoader) =>
  loader
    .getSnapshot()
    .rows.filter(isGap)
    .map((r) => [r.gap.after, r.gap.to]);

describe("ExecutionLogLoader", () => {
  it("loads only the end of the log, tells subscribers, and follows live from the last seq", async () => {
    const { loader, calls, sources } = setup(12_345);
    const seen: number[] = [];
    const unsubscribe = loader.subscribe(() => seen.push(loader.getSnapshot().rows.length));
    expect(loader.getSnapshot()).toBe(loader.getSnapshot());
    expect(loader.getSnapshot().history).toEqual({ loading: true, loaded: 0, total: 12_345, error: null });

    loader.start();
    await until(() => !loader.getSnapshot().history.loading);
    // No history up front: the rest waits behind a gap row until it is wanted.
    expect(calls).toEqual([["tail", TAIL_EVENTS]]);
    expect(seqs(loader)).toEqual(Array.from({ length: TAIL_EVENTS }, (_, i) => 12_345 - TAIL_EVENTS + i + 1));
    expect(gaps(loader)).toEqual([[0, 12_345 - TAIL_EVENTS]]);
    expect(loader.getSnapshot().history).toEqual({ loading: false, loaded: TAIL_EVENTS, total: 12_345, error: null });
    expect(loader.covers(12_345)).toBe(true);
    expect(loader.covers(1)).toBe(false);
    expect(seen).toContain(TAIL_EVENTS + 1);

    expect(sources).toHaveLength(1);
    const source = sources[0];
    expect(source.url).toBe("12345");
    expect(loader.getSnapshot().connection).toBe("connecting");
    source.emit("open", {});
    expect(loader.getSnapshot().connection).toBe("live");
    source.emit("entry", { seq: 12_345, entries: [{ type: "text", text: "dup" }] });
    source.emit("entry", {
      seq: 12_346,
      entries: [{ type: "tool_call", toolUseId: "t1", tool: "Bash", input: {}, summary: { kind: "command", command: "ls" } }],
    });
    await until(() => seqs(loader).at(-1) === 12_346);
    expect(seqs(loader)).toHaveLength(TAIL_EVENTS + 1);
    const last = loader.getSnapshot().rows.at(-1);
    expect(last && !isGap(last) ? last.entry : null).toMatchObject({ type: "tool_call", tool: "Bash" });
    expect(loader.getSnapshot().toolNames.get("t1")).toBe("Bash");
    expect(loader.getSnapshot().history.total).toBe(12_346);

    unsubscribe();
    loader.stop();
    expect(source.readyState).toBe(2);
  });

  it("fills a gap a page at a time from the side asked, joining what touches", async () => {
    const { loader, calls } = setup(12_345);
    loader.start();
    await until(() => !loader.getSnapshot().history.loading);
    const end = 12_345 - TAIL_EVENTS;
    loader.fill({ after: 0, to: end }, "end");
    // Asked twice while on its way: one request.
    loader.fill({ after: 0, to: end }, "end");
    expect(loader.getSnapshot().history.loading).toBe(true);
    const gap = loader.getSnapshot().rows[0];
    expect(isGap(gap) && gap.gap.loading).toBe(true);
    await until(() => !loader.getSnapshot().history.loading);
    expect(calls.slice(1)).toEqual([[end - HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE]]);
    expect(gaps(loader)).toEqual([[0, end - HISTORY_PAGE_SIZE]]);
    expect(seqs(loader)[0]).toBe(end - HISTORY_PAGE_SIZE + 1);

    loader.fill({ after: 0, to: end - HISTORY_PAGE_SIZE }, "start");
    await until(() => !loader.getSnapshot().history.loading);
    expect(calls.at(-1)).toEqual([0, HISTORY_PAGE_SIZE]);
    expect(gaps(loader)).toEqual([[HISTORY_PAGE_SIZE, end - HISTORY_PAGE_SIZE]]);
    expect(loader.covers(1)).toBe(true);
    // Rows stay in seq order across the gap.
    const all = seqs(loader);
    expect(all.every((seq, i) => i === 0 || seq > all[i - 1])).toBe(true);
  });

  it("reveals the page around a seq (an anchor, the start), and loads the address's anchor after the tail", async () => {
    const { loader, calls } = setup(12_345, { anchorSeq: () => 4_242 });
    loader.start();
    await until(() => loader.covers(4_242));
    expect(calls[1]).toEqual([4_241 - REVEAL_EVENTS / 2, REVEAL_EVENTS]);
    loader.reveal(1);
    await until(() => loader.covers(1));
    expect(calls.at(-1)).toEqual([0, REVEAL_EVENTS]);
    // Already here: nothing more to ask.
    loader.reveal(5);
    loader.reveal(12_000);
    expect(calls).toHaveLength(3);
    expect(gaps(loader)).toEqual([
      [REVEAL_EVENTS, 4_241 - REVEAL_EVENTS / 2],
      [4_241 + REVEAL_EVENTS / 2, 12_345 - TAIL_EVENTS],
    ]);
  });

  it("starts from an end of the log that is already here, with rows before start()", async () => {
    const tail = page(12_345 - TAIL_EVENTS, TAIL_EVENTS);
    const { loader, calls } = setup(12_345, { initialTail: tail });
    expect(loader.seeded).toBe(true);
    expect(seqs(loader)).toHaveLength(TAIL_EVENTS);
    loader.start();
    expect(seqs(loader)).toHaveLength(TAIL_EVENTS);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
  });

  it("opens no stream for a finished execution", async () => {
    const { loader, sources } = setup(800, { isFinished: () => true });
    loader.start();
    await until(() => !loader.getSnapshot().history.loading);
    expect(sources).toHaveLength(0);
    expect(loader.getSnapshot().connection).toBe("ended");
    expect(seqs(loader)).toHaveLength(TAIL_EVENTS);
    expect(gaps(loader)).toEqual([[0, 800 - TAIL_EVENTS]]);
  });

  it("reads the rest of a log whose end is older than the finished execution (it ended between the page's drawing and the view)", async () => {
    // The page was drawn after event 3; the execution then ran to event 9 and ended before the view mounted.
    const { loader, calls, sources } = setup(9, { initialTail: page(0, 3), isFinished: () => true });
    loader.start();
    await until(() => seqs(loader).length === 9);
    expect(calls).toEqual([[3, 5_000]]);
    expect(seqs(loader)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sources).toHaveLength(0);
    expect(loader.getSnapshot().connection).toBe("ended");
  });

  it("goes straight to the stream when there is no history, and ends on `end` with the status passed on", async () => {
    const { loader, calls, sources, statuses } = setup(0);
    loader.start();
    await until(() => sources.length === 1);
    expect(calls).toEqual([["tail", TAIL_EVENTS]]);
    expect(sources[0].url).toBe("0");
    expect(loader.getSnapshot().history.loading).toBe(false);
    sources[0].emit("entry", { seq: 1, entries: [{ type: "assistant_text", text: "hi" }] });
    sources[0].emit("status", { id: "x", status: "running" });
    sources[0].emit("end", { id: "x", status: "completed" });
    // `end` flushes what is pending at once.
    expect(seqs(loader)).toEqual([1]);
    expect(loader.getSnapshot().connection).toBe("ended");
    expect(sources[0].readyState).toBe(2);
    expect(statuses).toEqual([
      { id: "x", status: "running" },
      { id: "x", status: "completed" },
    ]);
  });

  it("reports a failed load, and retry loads again from scratch", async () => {
    let fail = true;
    const { loader, calls } = setup(300, {
      fetchTail: async () => {
        calls.push(["tail"]);
        if (fail) throw new Error("The server answered 500");
        return page(0, 300);
      },
    });
    loader.start();
    await until(() => loader.getSnapshot().history.error !== null);
    expect(loader.getSnapshot().history).toMatchObject({ loading: false, error: "The server answered 500" });
    fail = false;
    loader.retry();
    expect(loader.getSnapshot().history.error).toBeNull();
    await until(() => seqs(loader).length === 300);
    expect(calls.filter((c) => c[0] === "tail")).toHaveLength(2);
  });

  it("stop() before the tail arrives drops it and opens nothing", async () => {
    let release!: () => void;
    const { loader, sources } = setup(10, {
      fetchTail: () => new Promise((resolve) => (release = () => resolve(page(0, 10)))),
    });
    loader.start();
    loader.stop();
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(loader.getSnapshot().rows).toHaveLength(0);
    expect(sources).toHaveLength(0);
  });
});

test("an anchor asked for twice (the address on load, then the view) is loaded once", async () => {
  const { loader, calls } = setup(12_345, { anchorSeq: () => 4_242 });
  loader.start();
  loader.reveal(4_242);
  await until(() => loader.covers(4_242));
  loader.reveal(4_242);
  expect(calls.filter((c) => c[0] !== "tail")).toHaveLength(1);
});
