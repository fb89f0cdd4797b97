import type { ExecutionEventPage } from "@/lib/executions/schema";
import { ExecutionLogLoader, historyRanges, LOG_PAGE_SIZE, TAIL_EVENTS, type LogLoaderOptions } from "@/lib/executions/log-loader";
import { FakeEventSource } from "@/test/support/fake-event-source";

// The log loader without React or a browser: fake pages, a fake stream.

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

describe("historyRanges", () => {
  it("tiles the log before the tail exactly, from the end backwards", () => {
    expect(historyRanges(11_845, null)).toEqual([
      { after: 10_000, limit: 1_845 },
      { after: 5_000, limit: LOG_PAGE_SIZE },
      { after: 0, limit: LOG_PAGE_SIZE },
    ]);
    expect(historyRanges(0, null)).toEqual([]);
  });

  it("puts the range an anchor points into first", () => {
    expect(historyRanges(11_845, 5_001).map((r) => r.after)).toEqual([5_000, 10_000, 0]);
    expect(historyRanges(11_845, 5_000).map((r) => r.after)).toEqual([0, 10_000, 5_000]);
    // An anchor in the tail (or past the end) changes nothing.
    expect(historyRanges(11_845, 12_000).map((r) => r.after)).toEqual([10_000, 5_000, 0]);
  });
});

describe("ExecutionLogLoader", () => {
  it("loads the end first, then the rest in order, tells subscribers, and follows live from the last seq", async () => {
    const { loader, calls, sources } = setup(12_345);
    const seen: number[] = [];
    const unsubscribe = loader.subscribe(() => seen.push(loader.getSnapshot().lines.length));
    expect(loader.getSnapshot()).toBe(loader.getSnapshot());
    expect(loader.getSnapshot().history).toEqual({ loading: true, loaded: 0, total: 12_345, error: null });

    loader.start();
    await until(() => !loader.getSnapshot().history.loading);
    expect(calls).toEqual([
      ["tail", TAIL_EVENTS],
      [10_000, 12_345 - TAIL_EVENTS - 10_000],
      [5_000, LOG_PAGE_SIZE],
      [0, LOG_PAGE_SIZE],
    ]);
    const { lines, history } = loader.getSnapshot();
    expect(lines).toHaveLength(12_345);
    expect(lines.every((l, i) => l.seq === i + 1)).toBe(true);
    expect(history).toEqual({ loading: false, loaded: 12_345, total: 12_345, error: null });
    expect(loader.covers(1)).toBe(true);
    expect(loader.covers(12_345)).toBe(true);
    // The tail showed first, on its own.
    expect(seen).toContain(TAIL_EVENTS);

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
    await until(() => loader.getSnapshot().lines.length === 12_346);
    expect(loader.getSnapshot().lines.at(-1)?.entry).toMatchObject({ type: "tool_call", tool: "Bash" });
    expect(loader.getSnapshot().toolNames.get("t1")).toBe("Bash");

    unsubscribe();
    loader.stop();
    expect(source.readyState).toBe(2);
  });

  it("loads the page holding the anchor right after the tail", async () => {
    const { loader, calls } = setup(12_345, { anchorSeq: () => 42 });
    loader.start();
    await until(() => !loader.getSnapshot().history.loading);
    expect(calls[1]).toEqual([0, LOG_PAGE_SIZE]);
    expect(loader.covers(42)).toBe(true);
  });

  it("opens no stream for a finished execution", async () => {
    const { loader, sources } = setup(800, { isFinished: () => true });
    loader.start();
    await until(() => !loader.getSnapshot().history.loading);
    expect(sources).toHaveLength(0);
    expect(loader.getSnapshot().connection).toBe("ended");
    expect(loader.getSnapshot().lines).toHaveLength(800);
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
    expect(loader.getSnapshot().lines).toHaveLength(1);
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
    await until(() => loader.getSnapshot().lines.length === 300);
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
    expect(loader.getSnapshot().lines).toHaveLength(0);
    expect(sources).toHaveLength(0);
  });
});
