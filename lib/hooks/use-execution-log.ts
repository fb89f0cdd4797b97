"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { executionApi } from "@/lib/execution-api";
import type { ExecutionDto } from "@/lib/execution-types";
import { applyExecutionUpdate } from "@/lib/hooks/use-execution-status-stream";
import type { LogEntry } from "@/lib/log-entries";

export type LogLine = { key: string; seq: number; /** First entry of its event (carries the #seq-<n> anchor). */ first: boolean; entry: LogEntry };

export type ExecutionLogState = {
  lines: LogLine[];
  /** History (JSON pages) still loading; `loaded`/`total` count events. */
  history: { loading: boolean; loaded: number; total: number; error: string | null };
  connection: "idle" | "connecting" | "live" | "reconnecting" | "ended";
  /** Tool name by tool_use id, so a result can say which tool it answers. */
  toolNames: ReadonlyMap<string, string>;
  retry: () => void;
};

export const LOG_PAGE_SIZE = 5_000;
const PARALLEL_PAGES = 3;
const FLUSH_MS = 50;

type Page = { index: number; lines: LogLine[]; lastSeq: number; count: number };

function toLines(events: { seq: number; entries: LogEntry[] }[], toolNames: Map<string, string>): LogLine[] {
  const lines: LogLine[] = [];
  for (const event of events) {
    event.entries.forEach((entry, i) => {
      if (entry.type === "tool_call") toolNames.set(entry.toolUseId, entry.tool);
      lines.push({ key: `${event.seq}:${i}`, seq: event.seq, first: i === 0, entry });
    });
  }
  return lines;
}

/** The page a `#seq-<n>` anchor points into, if the address has one. */
function anchorPage(): number | null {
  if (typeof window === "undefined") return null;
  const match = /^#seq-(\d+)$/.exec(window.location.hash);
  return match ? Math.floor((Number(match[1]) - 1) / LOG_PAGE_SIZE) : null;
}

/**
 * An execution's normalized log: its history from the JSON endpoint in pages
 * of 5,000 events (the last page first, so the end of a 100k-event log shows
 * at once, then the rest in parallel), then live over Server-Sent Events from
 * the last seq. EventSource reconnects by itself with Last-Event-ID, so the
 * server resumes exactly after the last entry we got. Status events patch the
 * react-query cache instead of polling.
 */
export function useExecutionLog(
  executionId: string,
  options: { eventCount: number; finished: boolean },
): ExecutionLogState {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [history, setHistory] = useState<ExecutionLogState["history"]>({ loading: true, loaded: 0, total: options.eventCount, error: null });
  const [connection, setConnection] = useState<ExecutionLogState["connection"]>("idle");
  const [attempt, setAttempt] = useState(0);
  const toolNames = useRef(new Map<string, string>());
  // Read when a load starts: later changes arrive over the stream.
  const latest = useRef(options);
  latest.current = options;

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const { eventCount, finished } = latest.current;
    const abort = new AbortController();
    let source: EventSource | null = null;
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    const pages = new Map<number, Page>();
    let live: LogLine[] = [];
    let lastSeq = 0;
    let loadedEvents = 0;

    toolNames.current = new Map();
    setLines([]);
    setConnection("idle");
    const pageCount = Math.ceil(eventCount / LOG_PAGE_SIZE);
    setHistory({ loading: pageCount > 0, loaded: 0, total: eventCount, error: null });

    const publish = () => {
      const ordered = [...pages.values()].sort((a, b) => a.index - b.index);
      const all: LogLine[] = [];
      for (const page of ordered) for (const line of page.lines) all.push(line);
      for (const line of live) all.push(line);
      setLines(all);
    };

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
      if (pageCount === 0) {
        setHistory({ loading: false, loaded: 0, total: 0, error: null });
        follow(0);
        return;
      }
      // The page an anchor points at first, then the last page, then the rest from the end backwards.
      const order: number[] = [];
      const anchor = anchorPage();
      if (anchor !== null && anchor < pageCount) order.push(anchor);
      for (let i = pageCount - 1; i >= 0; i--) if (i !== anchor) order.push(i);
      // The tail page must arrive before live entries: start following after it.
      const tailIndex = pageCount - 1;
      let next = 0;
      const worker = async () => {
        while (next < order.length && !abort.signal.aborted) {
          const index = order[next++];
          const page = await executionApi.events(executionId, index * LOG_PAGE_SIZE, abort.signal, LOG_PAGE_SIZE);
          const pageLines = toLines(page.events, toolNames.current);
          pages.set(index, { index, lines: pageLines, lastSeq: page.nextAfter, count: page.events.length });
          loadedEvents += page.events.length;
          if (index === tailIndex) {
            // Events written after the count we planned with: read on from the tail, then follow live.
            let after = page.nextAfter;
            let extra = page.events.length === LOG_PAGE_SIZE ? 1 : 0;
            let spill = tailIndex;
            while (extra && !abort.signal.aborted) {
              const more = await executionApi.events(executionId, after, abort.signal, LOG_PAGE_SIZE);
              spill += 1;
              pages.set(spill, { index: spill, lines: toLines(more.events, toolNames.current), lastSeq: more.nextAfter, count: more.events.length });
              loadedEvents += more.events.length;
              after = more.nextAfter;
              extra = more.events.length === LOG_PAGE_SIZE ? 1 : 0;
            }
            if (!(finished && after >= eventCount)) follow(after);
            else setConnection("ended");
          }
          setHistory({ loading: true, loaded: loadedEvents, total: Math.max(eventCount, loadedEvents), error: null });
          publish();
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, order.length) }, worker));
      if (!abort.signal.aborted) setHistory({ loading: false, loaded: loadedEvents, total: Math.max(eventCount, loadedEvents), error: null });
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

  return { lines, history, connection, toolNames: toolNames.current, retry };
}
