// An execution's log, loaded outside React: the last 500 events first, so
// the end of a 100k-event log shows at once; older events only when they
// are wanted — a page of them when the reader nears a gap (ExecutionLog asks
// through `fill`), the start of the log or the page a #seq-<n> link points
// into (`reveal`). Downloading all history eagerly (65 MB of JSON for 100k
// events) held the main thread for seconds and made every scroll frame pay
// for 100k rows (docs/performance.md, "UI at scale"). Then live over
// Server-Sent Events from the last seq: EventSource reconnects by itself
// with Last-Event-ID, so the server resumes exactly after the last entry we
// got. React reads it through subscribe/getSnapshot (useSyncExternalStore).
import type { ExecutionDto, ExecutionEventPage } from "@/lib/executions/schema";
import type { LogEntry } from "@/lib/executions/log-entries";
import type { LogLine } from "@/lib/executions/log-lines";
import { buildRows, gapsOf, insertRange, rangeAround, segmentOf, toLines, type LogRow, type Segment } from "@/lib/executions/log-segments";

export type { LogLine, LogRow };

export type LogConnection = "idle" | "connecting" | "live" | "reconnecting" | "ended";

export type LogSnapshot = {
  /** The loaded entries in order, with a gap row wherever events are not loaded yet. */
  rows: LogRow[];
  /** `loading`: the end of the log, or an older page, is on its way; `loaded`/`total` count events. */
  history: { loading: boolean; loaded: number; total: number; error: string | null };
  connection: LogConnection;
  /** Tool name by tool_use id, so a result can say which tool it answers. */
  toolNames: ReadonlyMap<string, string>;
};

/** The part of EventSource the loader uses (a fake in tests). */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};

export type LogLoaderOptions = {
  /** The end of the log (`tail` events before the last). */
  fetchTail: (signal: AbortSignal) => Promise<ExecutionEventPage>;
  /** The end of the log when it is already here (the page's early request answered before the view mounted): shown in the first render. */
  initialTail?: ExecutionEventPage | null;
  /** Up to `limit` events after `after`. */
  fetchPage: (after: number, limit: number, signal: AbortSignal) => Promise<ExecutionEventPage>;
  /** Opens the live stream of events after `after`. */
  openStream: (after: number) => EventSourceLike;
  /** An execution's new state from the stream (to patch cached views). */
  onStatus: (execution: ExecutionDto) => void;
  /** Read when a load starts: a finished execution's log needs no stream. */
  isFinished: () => boolean;
  /** Read when a load starts: the number of events known so far. */
  eventCount: () => number;
  /** The seq the address's #seq-<n> points at, if any. */
  anchorSeq: () => number | null;
};

/** Events in a page read past the end (a log that grew after the tail was asked for). */
export const LOG_PAGE_SIZE = 5_000;
/** Events in a page of older history: ~50 ms of server time and ~650 KB of JSON on a quiet machine, asked for ~1,000 rows ahead of a reader scrolling up. Small, so a jump asked meanwhile does not wait long behind it. */
export const HISTORY_PAGE_SIZE = 1_000;
/** Events in the first request: the end of the log, small so it shows at once. */
export const TAIL_EVENTS = 500;
/**
 * Events the execution page's HTML carries (drawn on the server): enough to
 * fill the view at the end of the log, few so the page stays small (each
 * event travels twice, drawn and as data for the browser's cache).
 */
export const HTML_TAIL_EVENTS = 100;
/** Events around a jump's target (an anchor, the start): small like the tail, so the target shows at once; the gaps beside it fill as the reader nears them. */
export const REVEAL_EVENTS = TAIL_EVENTS;
/** Live entries are published in batches at most this often. */
const FLUSH_MS = 50;
const CLOSED = 2;

export class ExecutionLogLoader {
  private snapshot: LogSnapshot;
  private readonly listeners = new Set<() => void>();
  private abort: AbortController | null = null;
  private source: EventSourceLike | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private segments: Segment[] = [];
  private inflight: { after: number; to: number }[] = [];
  private pending: LogLine[] = [];
  private toolNames = new Map<string, string>();
  private lastSeq = 0;
  private total = 0;
  private tailLoaded = false;
  /** A seq asked for before the tail arrived (an anchor on load). */
  private wanted: number | null = null;
  private initialTail: ExecutionEventPage | null;
  /** Whether the view started from `initialTail` (then its cached copy has served). */
  readonly seeded: boolean;

  constructor(private readonly options: LogLoaderOptions) {
    this.total = options.eventCount();
    this.initialTail = options.initialTail ?? null;
    this.seeded = this.initialTail !== null;
    this.snapshot = this.emptySnapshot();
    // Rows in the first render: no empty frame, no second commit before the end of the log shows.
    if (this.initialTail) this.addTail(this.initialTail);
  }

  // Arrow properties: handed to React as they are, so they must stay bound and stable.
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LogSnapshot => this.snapshot;

  /** Whether the events around this seq have arrived (the page holding it). */
  readonly covers = (seq: number): boolean => segmentOf(this.segments, Math.min(seq, this.total)) !== -1 || (this.tailLoaded && this.total === 0);

  /** Loads from scratch (after a failure, or again after stop()). */
  readonly retry = (): void => {
    this.stop();
    this.start();
  };

  /** Makes sure the page holding `seq` is loaded or on its way (the start of the log, an anchor). */
  readonly reveal = (seq: number): void => {
    if (!this.abort) return;
    if (!this.tailLoaded) {
      this.wanted = seq;
      return;
    }
    const target = Math.max(1, Math.min(seq, this.total));
    if (segmentOf(this.segments, target) !== -1 || this.inflight.some((r) => target > r.after && target <= r.to)) return;
    const gap = gapsOf(this.segments).find((g) => target > g.after && target <= g.to);
    if (gap) this.loadRange(rangeAround(gap, target, REVEAL_EVENTS));
  };

  /** Loads the next page of the gap (after, to] from one side: `end` (the reader is below it, scrolling up) or `start`. */
  readonly fill = (gap: { after: number; to: number }, side: "start" | "end"): void => {
    if (!this.abort || this.inflight.some((r) => r.after < gap.to && r.to > gap.after)) return;
    const to = side === "end" ? gap.to : Math.min(gap.to, gap.after + HISTORY_PAGE_SIZE);
    this.loadRange({ after: side === "end" ? Math.max(gap.after, gap.to - HISTORY_PAGE_SIZE) : gap.after, to });
  };

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    const initial = this.initialTail;
    this.initialTail = null;
    if (!initial) this.reset();
    this.load(abort.signal, initial).catch((error: unknown) => this.failed(abort.signal, error));
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
    this.inflight = [];
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.source?.close();
    this.source = null;
  }

  private failed(signal: AbortSignal, error: unknown): void {
    if (signal.aborted) return;
    this.update({ history: { ...this.snapshot.history, loading: this.inflight.length > 0, error: error instanceof Error ? error.message : String(error) } });
  }

  private emptySnapshot(): LogSnapshot {
    return { rows: [], history: { loading: true, loaded: 0, total: this.total, error: null }, connection: "idle", toolNames: this.toolNames };
  }

  private reset(): void {
    this.segments = [];
    this.inflight = [];
    this.pending = [];
    this.toolNames = new Map();
    this.lastSeq = 0;
    this.tailLoaded = false;
    this.total = this.options.eventCount();
    this.update(this.emptySnapshot());
  }

  private update(change: Partial<LogSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change, toolNames: this.toolNames };
    for (const listener of [...this.listeners]) listener();
  }

  private publish(error: string | null = this.snapshot.history.error): void {
    const loaded = this.segments.reduce((n, s) => n + (s.to - s.from), 0);
    this.update({
      rows: buildRows(this.segments, this.inflight),
      history: { loading: !this.tailLoaded || this.inflight.length > 0, loaded, total: Math.max(this.total, loaded), error },
    });
  }

  /** The end of the log: (after, after + events] becomes the last segment, the one live entries extend. */
  private addTail(tail: ExecutionEventPage): void {
    const lines = toLines(tail.events, this.toolNames);
    const to = tail.after + tail.events.length;
    this.segments = to > tail.after ? insertRange(this.segments, tail.after, to, lines) : this.segments;
    this.total = to;
    this.lastSeq = tail.nextAfter;
    this.tailLoaded = true;
    this.publish();
  }

  private loadRange(range: { after: number; to: number }): void {
    const abort = this.abort;
    if (!abort || range.to <= range.after) return;
    this.inflight.push(range);
    this.publish();
    this.options
      .fetchPage(range.after, range.to - range.after, abort.signal)
      .then((page) => {
        if (abort.signal.aborted) return;
        this.inflight = this.inflight.filter((r) => r !== range);
        this.segments = insertRange(this.segments, range.after, range.to, toLines(page.events, this.toolNames));
        this.publish(null);
      })
      .catch((error: unknown) => {
        this.inflight = this.inflight.filter((r) => r !== range);
        this.failed(abort.signal, error);
        if (!abort.signal.aborted) this.publish();
      });
  }

  private flush = (): void => {
    this.flushTimer = null;
    if (!this.pending.length) return;
    const last = this.segments[this.segments.length - 1];
    const lines = this.pending;
    this.pending = [];
    const to = lines[lines.length - 1].seq;
    if (last) this.segments = [...this.segments.slice(0, -1), { from: last.from, to, lines: last.lines.concat(lines), view: null }];
    else this.segments = [{ from: lines[0].seq - 1, to, lines, view: null }];
    this.total = Math.max(this.total, to);
    this.publish();
  };

  private follow(after: number, signal: AbortSignal): void {
    if (signal.aborted) return;
    this.lastSeq = after;
    this.update({ connection: "connecting" });
    const source = this.options.openStream(after);
    this.source = source;
    source.addEventListener("open", () => this.update({ connection: "live" }));
    source.addEventListener("entry", (event) => {
      const data = JSON.parse(event.data) as { seq: number; entries: LogEntry[] };
      if (data.seq <= this.lastSeq) return; // never show an entry twice
      this.lastSeq = data.seq;
      this.pending.push(...toLines([data], this.toolNames));
      this.flushTimer ??= setTimeout(this.flush, FLUSH_MS);
    });
    const status = (event: MessageEvent) => this.options.onStatus(JSON.parse(event.data) as ExecutionDto);
    source.addEventListener("status", status);
    source.addEventListener("end", (event) => {
      status(event);
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flush();
      this.update({ connection: "ended" });
      source.close();
    });
    source.addEventListener("error", () => {
      if (source.readyState !== CLOSED) this.update({ connection: "reconnecting" });
    });
  }

  private async load(signal: AbortSignal, initial: ExecutionEventPage | null): Promise<void> {
    const finished = this.options.isFinished();
    const tail = initial ?? (await this.options.fetchTail(signal));
    if (signal.aborted) return;
    if (!initial) this.addTail(tail);
    // More than a page past the end we asked for: the log grew meanwhile; read on.
    // Or the execution ended after its end of the log was read (the page was
    // drawn while it ran, and it ended before this view mounted: the status
    // stream's newer row says so): no stream will bring the rest, so read it.
    let after = tail.nextAfter;
    let more = tail.events.length === LOG_PAGE_SIZE || (finished && this.options.eventCount() > after);
    while (more && !signal.aborted) {
      const spill = await this.options.fetchPage(after, LOG_PAGE_SIZE, signal);
      if (signal.aborted) return;
      this.flushLines(toLines(spill.events, this.toolNames));
      after = spill.nextAfter;
      more = spill.events.length === LOG_PAGE_SIZE;
    }
    if (signal.aborted) return;
    if (finished) this.update({ connection: "ended" });
    else this.follow(after, signal);
    const anchor = this.wanted ?? this.options.anchorSeq();
    this.wanted = null;
    if (anchor !== null) this.reveal(anchor);
  }

  /** Appends lines read past the tail to the last segment. */
  private flushLines(lines: LogLine[]): void {
    if (!lines.length) return;
    this.pending.push(...lines);
    this.flush();
  }
}
