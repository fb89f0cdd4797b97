"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { executionApi, type ExecutionEventPage } from "@/lib/execution-api";
import type { ExecutionDto } from "@/lib/execution-types";
import { applyExecutionUpdate } from "@/lib/hooks/use-execution-status-stream";
import type { LogEntry } from "@/lib/log-entries";
import { estimateEntryHeight } from "@/lib/log-entry-size";
import { queryKeys } from "@/lib/query-keys";

export type LogLine = {
  key: string;
  /** The same identity as a number (seq × 1024 + index): cheap to hash in a 100k-row virtualizer. */
  vkey: number;
  seq: number;
  /** First entry of its event (carries the #seq-<n> anchor). */
  first: boolean;
  entry: LogEntry;
  /** Estimated height until the row is measured. */
  sizeHint: number;
};

export type ExecutionLogState = {
  lines: LogLine[];
  /** History (JSON pages) still loading; `loaded`/`total` count events. */
  history: { loading: boolean; loaded: number; total: number; error: string | null };
  connection: "idle" | "connecting" | "live" | "reconnecting" | "ended";
  /** Tool name by tool_use id, so a result can say which tool it answers. */
  toolNames: ReadonlyMap<string, string>;
  /** Whether the history around this seq has arrived (its whole range of events). */
  covers: (seq: number) => boolean;
  retry: () => void;
};

export const LOG_PAGE_SIZE = 5_000;
/** Events in the first request: the end of the log, small so it shows at once. */
export const TAIL_EVENTS = 500;
const PARALLEL_PAGES = 3;
const FLUSH_MS = 50;

type Page = { index: number; lines: LogLine[]; lastSeq: number; count: number };

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

/** The seq a `#seq-<n>` anchor points at, if the address has one. */
function anchorSeq(): number | null {
  if (typeof window === "undefined") return null;
  const match = /^#seq-(\d+)$/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

const tailQuery = (executionId: string) => ({
  queryKey: queryKeys.executions.logTail(executionId),
  queryFn: ({ signal }: { signal: AbortSignal }) => executionApi.eventsTail(executionId, TAIL_EVENTS, signal),
  staleTime: 10_000,
});

/**
 * Starts fetching the end of an execution's log as soon as its page opens,
 * alongside the execution itself (the log view picks the answer up).
 */
export function usePrefetchExecutionLogTail(executionId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(tailQuery(executionId));
  }, [executionId, queryClient]);
}

/**
 * An execution's normalized log: its history from the JSON endpoint (the
 * last 500 events first, so the end of a 100k-event log shows at once; then
 * the rest in pages of 5,000, three at a time, from the end backwards), then
 * live over Server-Sent Events from the last seq. EventSource reconnects by
 * itself with Last-Event-ID, so the server resumes exactly after the last
 * entry we got. Status events patch the react-query cache instead of polling.
 */
export function useExecutionLog(executionId: string, options: { finished: boolean; eventCount?: number }): ExecutionLogState {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [history, setHistory] = useState<ExecutionLogState["history"]>({ loading: true, loaded: 0, total: options.eventCount ?? 0, error: null });
  const [connection, setConnection] = useState<ExecutionLogState["connection"]>("idle");
  const [attempt, setAttempt] = useState(0);
  const toolNames = useRef(new Map<string, string>());
  const loaded = useRef<{ from: number; to: number }[]>([]);
  const covers = useCallback((seq: number) => loaded.current.some((r) => seq > r.from && seq <= r.to), []);
  // Read when a load starts: later changes arrive over the stream.
  const latest = useRef(options);
  latest.current = options;

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const { finished } = latest.current;
    const abort = new AbortController();
    let source: EventSource | null = null;
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    const pages = new Map<number, Page>();
    let live: LogLine[] = [];
    let lastSeq = 0;
    let loadedEvents = 0;
    let total = latest.current.eventCount ?? 0;

    toolNames.current = new Map();
    loaded.current = [];
    setLines([]);
    setConnection("idle");
    setHistory({ loading: true, loaded: 0, total, error: null });

    const publish = () => {
      const ordered = [...pages.values()].sort((a, b) => a.index - b.index);
      const all: LogLine[] = [];
      for (const page of ordered) for (const line of page.lines) all.push(line);
      for (const line of live) all.push(line);
      setLines(all);
    };
    const addPage = (page: ExecutionEventPage, to: number) => {
      pages.set(page.after, { index: page.after, lines: toLines(page.events, toolNames.current), lastSeq: page.nextAfter, count: page.events.length });
      loaded.current.push({ from: page.after, to });
      loadedEvents += page.events.length;
    };
    const progress = (loading: boolean) => setHistory({ loading, loaded: loadedEvents, total: Math.max(total, loadedEvents), error: null });

    const follow = (after: number) => {
      if (abort.signal.aborted) return;
      lastSeq = after;
      setConnection("connecting");
      source = new EventSource(`/api/executions/${encodeURIComponent(executionId)}/events?after=${after}`);
      let pending: LogLine[] = [];
      const flush = () => {
        flushTimer = null;
        if (!pending.length) return;
        live = live.concat(pending);
        pending = [];
        publish();
      };
      source.addEventListener("open", () => setConnection("live"));
      source.addEventListener("entry", (event) => {
        const data = JSON.parse((event as MessageEvent).data) as { seq: number; entries: LogEntry[] };
        if (data.seq <= lastSeq) return; // never show an entry twice
        lastSeq = data.seq;
        pending.push(...toLines([data], toolNames.current));
        flushTimer ??= setTimeout(flush, FLUSH_MS);
      });
      const patch = (event: Event) => applyExecutionUpdate(queryClient, JSON.parse((event as MessageEvent).data) as ExecutionDto);
      source.addEventListener("status", patch);
      source.addEventListener("end", (event) => {
        patch(event);
        if (flushTimer) clearTimeout(flushTimer);
        flush();
        setConnection("ended");
        source?.close();
      });
      source.addEventListener("error", () => {
        if (source && source.readyState !== EventSource.CLOSED) setConnection("reconnecting");
      });
    };

    const load = async () => {
      // 1. The end of the log (usually already on its way: see usePrefetchExecutionLogTail).
      const tail = await queryClient.fetchQuery(tailQuery(executionId));
      if (abort.signal.aborted) return;
      // One use: a retry or a later visit reads afresh.
      queryClient.removeQueries({ queryKey: queryKeys.executions.logTail(executionId), exact: true });
      addPage(tail, Number.MAX_SAFE_INTEGER);
      total = tail.after + tail.events.length;
      // More than a page past the end we asked for: the log grew meanwhile; read on.
      let after = tail.nextAfter;
      let more = tail.events.length === LOG_PAGE_SIZE;
      while (more && !abort.signal.aborted) {
        const spill = await executionApi.events(executionId, after, abort.signal, LOG_PAGE_SIZE);
        addPage(spill, Number.MAX_SAFE_INTEGER);
        total += spill.events.length;
        after = spill.nextAfter;
        more = spill.events.length === LOG_PAGE_SIZE;
      }
      if (abort.signal.aborted) return;
      if (finished) setConnection("ended");
      else follow(after);
      progress(tail.after > 0);
      publish();

      // 2. Everything before it, in ranges of LOG_PAGE_SIZE that tile the log
      // exactly: the range an anchor points into first, then from the end back.
      const ranges: { after: number; limit: number }[] = [];
      for (let from = 0; from < tail.after; from += LOG_PAGE_SIZE) ranges.push({ after: from, limit: Math.min(LOG_PAGE_SIZE, tail.after - from) });
      ranges.reverse();
      const anchor = anchorSeq();
      const anchorIndex = anchor === null ? -1 : ranges.findIndex((r) => anchor > r.after && anchor <= r.after + r.limit);
      if (anchorIndex > 0) ranges.unshift(...ranges.splice(anchorIndex, 1));
      let next = 0;
      const worker = async () => {
        while (next < ranges.length && !abort.signal.aborted) {
          const range = ranges[next++];
          const page = await executionApi.events(executionId, range.after, abort.signal, range.limit);
          if (abort.signal.aborted) return;
          addPage({ ...page, after: range.after }, range.after + range.limit);
          progress(true);
          publish();
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, ranges.length) }, worker));
      if (!abort.signal.aborted) progress(false);
    };

    load().catch((error: unknown) => {
      if (abort.signal.aborted) return;
      setHistory((h) => ({ ...h, loading: false, error: error instanceof Error ? error.message : String(error) }));
    });

    return () => {
      abort.abort();
      if (flushTimer) clearTimeout(flushTimer);
      source?.close();
    };
  }, [executionId, attempt, queryClient]);

  return { lines, history, connection, toolNames: toolNames.current, covers, retry };
}
