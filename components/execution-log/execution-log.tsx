"use client";

import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ResultSummary } from "@/components/execution-log/log-entry/log-entry-view";
import { GapRow, LineRow, resultRepeatsText, rowLabel } from "@/components/execution-log/log-row";
import { gapIndexes, gapsToFill, restoreSteadyRow, steadyRow, viewOf, whenIdle } from "@/components/execution-log/log-window";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { seqFromHash } from "@/lib/hrefs";
import { useServerHtml } from "@/lib/hooks/use-server-html";
import { useExecutionLog } from "@/lib/executions/use-execution-log";
import { isGap, type LogGap } from "@/lib/executions/log-segments";
import type { ExecutionStatus } from "@/lib/executions/types";
import { formatCount } from "@/lib/format";

/**
 * The feed's height before it is measured. Its max-height is 70vh: 630 px in a
 * 900 px window, 1,000 px in a 1,440 px one; the HTML drawn on the server
 * shows the rows that fill the taller at the end of the log (a shorter feed,
 * scrolled to its end, shows the last of them), and the browser draws the
 * same ones as it hydrates.
 */
const UNMEASURED_HEIGHT = 1000;

/**
 * Run where the server's HTML is parsed, right after the feed: the feed opens
 * scrolled to its end, as the view keeps it once its script runs. (Stylesheets
 * load before a parser's script runs, so the feed's height is known here.)
 */
const OPEN_AT_END = "(function(s){var f=s&&s.previousElementSibling;if(f)f.scrollTop=f.scrollHeight})(document.currentScript)";

/** Where the view is headed: a #seq-<n> anchor (highlighted, centred) or the start of the log. */
type Target = { seq: number; align: "center" | "start" };

/**
 * The conversation of one execution, live: the turn's prompt (`lead`, shown
 * before any event), then the agent's words as it writes them, its tools as
 * they run. Virtualized (only the rows in view are in the page, measured as
 * they render), and only the end of a long log is loaded at first: older
 * pages arrive as the reader scrolls up to them, jumps to the start or
 * follows a link, so a 100k-event log opens at once. Follows the end while
 * the reader is there; scrolling up stops it. `#seq-<n>` in the address
 * scrolls to that entry and highlights it.
 */
export function ExecutionLog({
  executionId,
  eventCount,
  finished,
  status,
  lead,
}: {
  executionId: string;
  eventCount: number;
  finished: boolean;
  /** The execution's status now (the log says whether the agent is still at work). */
  status?: ExecutionStatus;
  /** Shown above the entries from the start (the turn's prompt). */
  lead?: ReactNode;
}) {
  const { rows, history, connection, toolNames, covers, reveal, fill, retry } = useExecutionLog(executionId, { eventCount, finished });
  const coversRef = useRef(covers);
  coversRef.current = covers;
  const scroller = useRef<HTMLDivElement>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const pendingTarget = useRef<Target | null>(null);
  const startedAtEnd = useRef(false);

  // Before the virtualizer takes new rows: the row beside a gap in view, to keep in place as the gap fills.
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const shownRows = useRef(rows);
  const steady = useRef<{ vkey: number; offset: number } | null>(null);
  if (shownRows.current !== rows) {
    steady.current = steadyRow(virtualizerRef.current, viewOf(scroller.current), shownRows.current);
    shownRows.current = rows;
  }

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    // Precomputed per row: with many rows these run for every row whenever a size changes.
    estimateSize: (index) => rows[index].sizeHint,
    getItemKey: (index) => rows[index].vkey,
    overscan: 6,
    useAnimationFrameWithResizeObserver: true,
    // A log: keep the row in view steady when older pages arrive above, and
    // follow new entries only while the reader is at the end.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: 48,
    // Before the feed is measured (on the server, and as the browser hydrates): its end, by the rows' estimates.
    initialRect: { width: 0, height: UNMEASURED_HEIGHT },
    initialOffset: () => Math.max(0, rows.reduce((sum, row) => sum + row.sizeHint, 0) - UNMEASURED_HEIGHT),
  });
  const serverHtml = useServerHtml();
  virtualizerRef.current = virtualizer;

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const gaps = useMemo(() => gapIndexes(rows), [rows]);

  /** Scrolls to the pending target once the page holding it is loaded; true when done. */
  const scrollToTarget = useCallback(() => {
    const target = pendingTarget.current;
    if (target === null) return false;
    const all = rowsRef.current;
    // Seqs ascend (a gap row carries its first seq): binary search for the first row at or after the target.
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid].seq < target.seq) lo = mid + 1;
      else hi = mid;
    }
    if (!coversRef.current(target.seq)) return false;
    let index = lo < all.length ? lo : all.length - 1;
    if (index >= 0 && isGap(all[index])) index = Math.max(0, index - 1);
    if (index < 0) return false;
    pendingTarget.current = null;
    startedAtEnd.current = true;
    // An event without entries of its own: point at the nearest one.
    if (target.align === "center" && all[index].seq !== target.seq) setHighlight(all[index].seq);
    virtualizer.scrollToIndex(index, { align: target.align });
    return true;
  }, [virtualizer]);

  const goTo = useCallback(
    (target: Target) => {
      pendingTarget.current = target;
      reveal(target.seq);
      scrollToTarget();
    },
    [reveal, scrollToTarget],
  );

  // Anchors: on load and whenever the address's #seq-<n> changes (search results link here).
  useEffect(() => {
    const apply = () => {
      const seq = seqFromHash(window.location.hash);
      setHighlight(seq);
      if (seq === null) pendingTarget.current = null;
      else goTo({ seq, align: "center" });
    };
    apply();
    window.addEventListener("hashchange", apply);
    return () => window.removeEventListener("hashchange", apply);
  }, [goTo]);

  useLayoutEffect(() => {
    if (rows.length === 0) return;
    if (steady.current) restoreSteadyRow(virtualizer, rows, steady.current);
    steady.current = null;
    if (pendingTarget.current !== null) {
      scrollToTarget();
      return;
    }
    if (!startedAtEnd.current) {
      startedAtEnd.current = true;
      virtualizer.scrollToEnd();
    }
  }, [rows, virtualizer, scrollToTarget]);

  // Older history as the reader nears it, asked for in idle time: the view is read there, where
  // the layout is clean (read right after a commit, scrollTop forced a layout in every scroll frame).
  const range = virtualizer.range;
  useEffect(() => {
    // Runs again as the rendered range moves (a new object then).
    if (!range || !gaps.length) return;
    return whenIdle(() => {
      for (const f of gapsToFill(virtualizer, viewOf(scroller.current), rowsRef.current, gaps)) fill(f.gap, f.side);
    });
  }, [virtualizer, gaps, fill, range]);

  // Home and End go to the log's ends, not to the ends of what is loaded.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || (event.key !== "Home" && event.key !== "End")) return;
    event.preventDefault();
    if (event.key === "Home") goTo({ seq: 1, align: "start" });
    else virtualizer.scrollToEnd();
  };

  const loadGap = useCallback((gap: LogGap["gap"]) => fill(gap, "end"), [fill]);

  const finalResult = useMemo(() => {
    for (let i = rows.length - 1; i >= 0 && i >= rows.length - 50; i--) {
      const row = rows[i];
      if (!isGap(row) && row.entry.type === "result") return row.entry;
    }
    return null;
  }, [rows]);

  const atEnd = rows.length === 0 || virtualizer.isAtEnd();
  const atStart = rows.length === 0 || ((virtualizer.scrollOffset ?? 0) <= 1 && !isGap(rows[0]));
  const working = status === "running" || (status === undefined && !finished && connection === "live");
  const last = rows.at(-1);
  const writing = last !== undefined && !isGap(last) && last.entry.type === "text_draft";
  const items = virtualizer.getVirtualItems();

  return (
    <section aria-labelledby="log-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="log-heading" className="text-lg font-semibold">
          Conversation
        </h2>
        <span className="flex items-center gap-2 text-xs text-zinc-500" aria-live="polite">
          {history.loading && rows.length ? <span>Loading earlier entries…</span> : null}
          <span>
            {connection === "live" ? (
              <span title="New entries appear as the agent writes them">
                <span aria-hidden="true" className="text-sky-600">
                  ●
                </span>{" "}
                live
              </span>
            ) : connection === "reconnecting" ? (
              "reconnecting…"
            ) : connection === "connecting" ? (
              "connecting…"
            ) : (
              `${formatCount(history.total)} ${history.total === 1 ? "event" : "events"}`
            )}
          </span>
        </span>
      </div>

      {history.error ? (
        <ErrorAlert title="Could not load the log">
          <p>{history.error}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={retry}>
            Try again
          </Button>
        </ErrorAlert>
      ) : null}

      {lead}

      {finalResult && connection !== "live" && rows.length > 50 ? (
        <ResultSummary entry={finalResult} heading={finalResult.isError ? "Final result: error" : "Final answer"} />
      ) : null}

      <div className="relative">
        <div
          ref={scroller}
          role="feed"
          aria-label="Execution log"
          aria-busy={history.loading}
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="execution-log"
          className="max-h-[70vh] min-h-24 overflow-y-auto overscroll-contain rounded-lg border border-zinc-200 bg-white p-2 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-zinc-800 dark:bg-zinc-900"
          style={{ overflowAnchor: "none" }}
        >
          {rows.length === 0 ? (
            <p className="p-2 text-sm text-zinc-500">
              {history.loading
                ? "Loading…"
                : connection === "ended" || finished
                  ? "No output."
                  : status === "queued"
                    ? "Waiting to start…"
                    : "Waiting for the agent's first words…"}
            </p>
          ) : null}
          <div style={{ height: virtualizer.getTotalSize(), position: "relative", width: "100%" }}>
            {items.map((item) => {
              const row = rows[item.index];
              const gap = isGap(row);
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  data-seq={gap ? undefined : row.seq}
                  role="article"
                  aria-posinset={item.index + 1}
                  aria-setsize={rows.length}
                  aria-label={rowLabel(row)}
                  className="absolute left-0 top-0 w-full pb-1"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {gap ? (
                    <GapRow gap={row.gap} onLoad={loadGap} />
                  ) : (
                    <LineRow
                      line={row}
                      toolName={row.entry.type === "tool_result" ? toolNames.get(row.entry.toolUseId) : undefined}
                      highlighted={highlight !== null && row.first && row.seq === highlight}
                      repeatsText={resultRepeatsText(rows, item.index)}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input in it. */}
        {serverHtml && rows.length > 0 ? <script dangerouslySetInnerHTML={{ __html: OPEN_AT_END }} /> : null}
        {working && rows.length > 0 && !writing ? (
          <p role="status" className="mt-1 flex items-center gap-2 px-2 text-xs text-zinc-500 dark:text-zinc-400">
            <span aria-hidden="true" className="inline-block size-2 animate-pulse rounded-full bg-sky-500 motion-reduce:animate-none" />
            The agent is working…
          </p>
        ) : null}
        {!atStart ? (
          <Button size="sm" variant="secondary" className="absolute right-5 top-3 shadow-md" onClick={() => goTo({ seq: 1, align: "start" })}>
            ↑ Jump to start
          </Button>
        ) : null}
        {!atEnd ? (
          <Button size="sm" variant="secondary" className="absolute bottom-3 right-5 shadow-md" onClick={() => virtualizer.scrollToEnd()}>
            ↓ Jump to latest
          </Button>
        ) : null}
      </div>
    </section>
  );
}
