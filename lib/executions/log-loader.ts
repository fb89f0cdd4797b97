// An execution's log, loaded outside React: its history from the JSON
// endpoint (the last 500 events first, so the end of a 100k-event log shows
// at once; then the rest in pages of 5,000, three at a time, from the end
// backwards, the page a #seq-<n> anchor points into first), then live over
// Server-Sent Events from the last seq. EventSource reconnects by itself
// with Last-Event-ID, so the server resumes exactly after the last entry we
// got. React reads it through subscribe/getSnapshot (useSyncExternalStore).
import type { ExecutionDto, ExecutionEventPage } from "@/lib/executions/schema";
import type { LogEntry } from "@/lib/executions/log-entries";
import { estimateEntryHeight } from "@/lib/executions/log-entry-size";
import { conversationLines, type LogLine } from "@/lib/executions/log-lines";

export type { LogLine };

export type LogConnection = "idle" | "connecting" | "live" | "reconnecting" | "ended";

export type LogSnapshot = {
  lines: LogLine[];
  /** History (JSON pages) still loading; `loaded`/`total` count events. */
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

export const LOG_PAGE_SIZE = 5_000;
/** Events in the first request: the end of the log, small so it shows at once. */
export const TAIL_EVENTS = 500;
const PARALLEL_PAGES = 3;
/** Live entries are published in batches at most this often. */
const FLUSH_MS = 50;
const CLOSED = 2;

type Page = { index: number; lines: LogLine[] };

function toLines(events: { seq: number; entries: LogEntry[] }[], toolNames: Map<string, string>): LogLine[] {
  const lines: LogLine[] = [];
  for (const event of events) {
    event.entries.forEach((entry, i) => {
      if (entry.type === "tool_call") toolNames.set(entry.toolUseId, entry.tool);
      lines.push({ key: `${event.seq}:${i}`, vkey: event.seq * 1024 + i, seq: event.seq, first: i === 0, entry, sizeHint: estimateEntryHeight(entry) });
    });
  }
  return lines;
}

/** Ranges of at most LOG_PAGE_SIZE events tiling [0, end), from the end backwards, the one holding `anchor` first. */
export function historyRanges(end: number, anchor: number | null): { after: number; limit: number }[] {
  const ranges: { after: number; limit: number }[] = [];
  for (let from = 0; from < end; from += LOG_PAGE_SIZE) ranges.push({ after: from, limit: Math.min(LOG_PAGE_SIZE, end - from) });
  ranges.reverse();
  const anchorIndex = anchor === null ? -1 : ranges.findIndex((r) => anchor > r.after && anchor <= r.after + r.limit);
  if (anchorIndex > 0) ranges.unshift(...ranges.splice(anchorIndex, 1));
  return ranges;
}

export class ExecutionLogLoader {
  private snapshot: LogSnapshot;
  private readonly listeners = new Set<() => void>();
  private abort: AbortController | null = null;
  private source: EventSourceLike | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private pages = new Map<number, Page>();
  private live: LogLine[] = [];
  private pending: LogLine[] = [];
  private toolNames = new Map<string, string>();
  private loaded: { from: number; to: number }[] = [];
  private lastSeq = 0;
  private loadedEvents = 0;
  private total = 0;

  constructor(private readonly options: LogLoaderOptions) {
    this.total = options.eventCount();
    this.snapshot = this.emptySnapshot();
  }

  // Arrow properties: handed to React as they are, so they must stay bound and stable.
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LogSnapshot => this.snapshot;

  /** Whether the history around this seq has arrived (its whole range of events). */
  readonly covers = (seq: number): boolean => this.loaded.some((r) => seq > r.from && seq <= r.to);

  /** Loads from scratch (after a failure, or again after stop()). */
  readonly retry = (): void => {
    this.stop();
    this.start();
  };

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    this.reset();
    this.load(abort.signal).catch((error: unknown) => {
      if (abort.signal.aborted) return;
      this.update({ history: { ...this.snapshot.history, loading: false, error: error instanceof Error ? error.message : String(error) } });
    });
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.source?.close();
    this.source = null;
  }

  private emptySnapshot(): LogSnapshot {
    return { lines: [], history: { loading: true, loaded: 0, total: this.total, error: null }, connection: "idle", toolNames: this.toolNames };
  }

  private reset(): void {
    this.pages = new Map();
    this.live = [];
    this.pending = [];
    this.toolNames = new Map();
    this.loaded = [];
    this.lastSeq = 0;
    this.loadedEvents = 0;
    this.total = this.options.eventCount();
    this.update(this.emptySnapshot());
  }

  private update(change: Partial<LogSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change, toolNames: this.toolNames };
    for (const listener of [...this.listeners]) listener();
  }

  private publish(): void {
    const all: LogLine[] = [];
    for (const page of [...this.pages.values()].sort((a, b) => a.index - b.index)) for (const line of page.lines) all.push(line);
    for (const line of this.live) all.push(line);
    // The page shows the turn's prompt from the execution itself, before any event.
    this.update({ lines: conversationLines(all, { hidePromptEcho: true }) });
  }

  private addPage(page: ExecutionEventPage, to: number): void {
    this.pages.set(page.after, { index: page.after, lines: toLines(page.events, this.toolNames) });
    this.loaded.push({ from: page.after, to });
    this.loadedEvents += page.events.length;
  }

  private progress(loading: boolean): void {
    this.update({ history: { loading, loaded: this.loadedEvents, total: Math.max(this.total, this.loadedEvents), error: null } });
  }

  private flush = (): void => {
    this.flushTimer = null;
    if (!this.pending.length) return;
    this.live = this.live.concat(this.pending);
    this.pending = [];
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

  private async load(signal: AbortSignal): Promise<void> {
    const finished = this.options.isFinished();
    // 1. The end of the log.
    const tail = await this.options.fetchTail(signal);
    if (signal.aborted) return;
    this.addPage(tail, Number.MAX_SAFE_INTEGER);
    this.total = tail.after + tail.events.length;
    // More than a page past the end we asked for: the log grew meanwhile; read on.
    let after = tail.nextAfter;
    let more = tail.events.length === LOG_PAGE_SIZE;
    while (more && !signal.aborted) {
      const spill = await this.options.fetchPage(after, LOG_PAGE_SIZE, signal);
      this.addPage(spill, Number.MAX_SAFE_INTEGER);
      this.total += spill.events.length;
      after = spill.nextAfter;
      more = spill.events.length === LOG_PAGE_SIZE;
    }
    if (signal.aborted) return;
    if (finished) this.update({ connection: "ended" });
    else this.follow(after, signal);
    this.progress(tail.after > 0);
    this.publish();

    // 2. Everything before it, in ranges that tile the log exactly.
    const ranges = historyRanges(tail.after, this.options.anchorSeq());
    let next = 0;
    const worker = async () => {
      while (next < ranges.length && !signal.aborted) {
        const range = ranges[next++];
        const page = await this.options.fetchPage(range.after, range.limit, signal);
        if (signal.aborted) return;
        this.addPage({ ...page, after: range.after }, range.after + range.limit);
        this.progress(true);
        this.publish();
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, ranges.length) }, worker));
    if (!signal.aborted) this.progress(false);
  }
}
