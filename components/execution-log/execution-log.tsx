"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { LogEntryView, ResultSummary } from "@/components/execution-log/log-entry/log-entry-view";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { seqFromHash } from "@/lib/hrefs";
import { useExecutionLog, type LogLine } from "@/lib/executions/use-execution-log";
import type { LogEntry } from "@/lib/executions/log-entries";
import type { ExecutionStatus } from "@/lib/executions/types";

const Row = memo(function Row({ line, toolName, highlighted, repeatsText }: { line: LogLine; toolName?: string; highlighted: boolean; repeatsText: boolean }) {
  return (
    <div
      id={line.first ? `seq-${line.seq}` : undefined}
      className={cn(
        "group/row relative scroll-mt-4 rounded-md px-2 py-1.5",
        line.entry.parentToolUseId ? "ml-6 border-l-2 border-violet-200 pl-3 dark:border-violet-900" : "",
        highlighted ? "bg-amber-50 ring-2 ring-amber-400 dark:bg-amber-950/40 dark:ring-amber-600" : "",
      )}
    >
      {line.first ? (
        <a
          href={`#seq-${line.seq}`}
          className="absolute -left-1 top-1.5 hidden -translate-x-full rounded px-1 font-mono text-[10px] text-zinc-400 hover:text-emerald-700 focus-visible:block focus-visible:outline-2 focus-visible:outline-emerald-600 group-hover/row:block sm:left-auto sm:right-1 sm:translate-x-0"
          aria-label={`Link to entry ${line.seq}`}
        >
          #{line.seq}
        </a>
      ) : null}
      <LogEntryView entry={line.entry} toolName={toolName} repeatsText={repeatsText} />
    </div>
  );
});

function entryLabel(entry: LogEntry): string {
  switch (entry.type) {
    case "assistant_text":
      return "Assistant";
    case "text_draft":
      return "Assistant, still writing";
    case "tool_call":
      return `Tool call ${entry.tool}`;
    case "tool_result":
      return entry.isError ? "Tool error" : "Tool result";
    case "result":
      return entry.isError ? "Final result, error" : "Final result";
    case "error":
      return entry.severity === "warning" ? "Warning" : "Error";
    case "user_message":
      return "Prompt";
    default:
      return entry.type.replace("_", " ");
  }
}

/** Whether the result at `index` only repeats the assistant's text just before it (the usual case): then only its figures are shown. */
function resultRepeatsText(lines: LogLine[], index: number): boolean {
  const entry = lines[index].entry;
  const before = lines[index - 1]?.entry;
  return entry.type === "result" && !entry.isError && before?.type === "assistant_text" && before.text.trim() === entry.text.trim();
}

/**
 * The conversation of one execution, live: the turn's prompt (`lead`, shown
 * before any event), then the agent's words as it writes them, its tools as
 * they run. Virtualized (only the rows in view are in the page, measured as
 * they render) so a 100k-event log opens at once. Follows the end while the
 * reader is there; scrolling up stops it. `#seq-<n>` in the address scrolls
 * to that entry and highlights it.
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
  const { lines, history, connection, toolNames, covers, retry } = useExecutionLog(executionId, { eventCount, finished });
  const coversRef = useRef(covers);
  coversRef.current = covers;
  const scroller = useRef<HTMLDivElement>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const pendingAnchor = useRef<number | null>(null);
  const startedAtEnd = useRef(false);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    // Precomputed per line: with 100k rows these run for every row whenever a size changes.
    estimateSize: (index) => lines[index].sizeHint,
    getItemKey: (index) => lines[index].vkey,
    overscan: 6,
    useAnimationFrameWithResizeObserver: true,
    // A log: keep the row in view steady when older pages arrive above, and
    // follow new entries only while the reader is at the end.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: 48,
  });

  const linesRef = useRef(lines);
  linesRef.current = lines;

  /** Scrolls to the pending #seq-<n> anchor once its entry is loaded; true when done. */
  const scrollToAnchor = useCallback(() => {
    const seq = pendingAnchor.current;
    if (seq === null) return false;
    const all = linesRef.current;
    // Seqs ascend: binary search for the first entry at or after the anchor.
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid].seq < seq) lo = mid + 1;
      else hi = mid;
    }
    // Wait for the range of events holding it (ranges arrive whole).
    if (!coversRef.current(seq)) return false;
    const index = lo < all.length ? lo : all.length - 1;
    if (index < 0) return false;
    pendingAnchor.current = null;
    startedAtEnd.current = true;
    // An event without entries of its own: point at the nearest one.
    if (all[index].seq !== seq) setHighlight(all[index].seq);
    virtualizer.scrollToIndex(index, { align: "center" });
    return true;
  }, [virtualizer]);

  // Anchors: on load and whenever the address's #seq-<n> changes (search results link here).
  useEffect(() => {
    const apply = () => {
      const seq = seqFromHash(window.location.hash);
      pendingAnchor.current = seq;
      setHighlight(seq);
      scrollToAnchor();
    };
    apply();
    window.addEventListener("hashchange", apply);
    return () => window.removeEventListener("hashchange", apply);
  }, [scrollToAnchor]);

  useLayoutEffect(() => {
    if (lines.length === 0) return;
    if (pendingAnchor.current !== null) {
      scrollToAnchor();
      return;
    }
    if (!startedAtEnd.current) {
      startedAtEnd.current = true;
      virtualizer.scrollToEnd();
    }
  }, [lines, virtualizer, scrollToAnchor]);

  const finalResult = useMemo(() => {
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 50; i--) {
      const entry = lines[i].entry;
      if (entry.type === "result") return entry;
    }
    return null;
  }, [lines]);

  const atEnd = lines.length === 0 || virtualizer.isAtEnd();
  const working = status === "running" || (status === undefined && !finished && connection === "live");
  const writing = lines.at(-1)?.entry.type === "text_draft";
  const items = virtualizer.getVirtualItems();
  const loadingPercent = history.total ? Math.round((history.loaded / history.total) * 100) : 100;

  return (
    <section aria-labelledby="log-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="log-heading" className="text-lg font-semibold">
          Conversation
        </h2>
        <span className="flex items-center gap-2 text-xs text-zinc-500" aria-live="polite">
          {history.loading ? <span>Loading history… {loadingPercent}%</span> : null}
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
              `${lines.length.toLocaleString()} entries`
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

      {finalResult && connection !== "live" && lines.length > 50 ? (
        <ResultSummary entry={finalResult} heading={finalResult.isError ? "Final result: error" : "Final answer"} />
      ) : null}

      <div className="relative">
        <div
          ref={scroller}
          role="feed"
          aria-label="Execution log"
          aria-busy={history.loading}
          tabIndex={0}
          data-testid="execution-log"
          className="max-h-[70vh] min-h-24 overflow-y-auto overscroll-contain rounded-lg border border-zinc-200 bg-white p-2 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-zinc-800 dark:bg-zinc-900"
          style={{ overflowAnchor: "none" }}
        >
          {lines.length === 0 ? (
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
              const line = lines[item.index];
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  data-seq={line.seq}
                  role="article"
                  aria-posinset={item.index + 1}
                  aria-setsize={lines.length}
                  aria-label={entryLabel(line.entry)}
                  className="absolute left-0 top-0 w-full pb-1"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <Row
                    line={line}
                    toolName={line.entry.type === "tool_result" ? toolNames.get(line.entry.toolUseId) : undefined}
                    highlighted={highlight !== null && line.first && line.seq === highlight}
                    repeatsText={resultRepeatsText(lines, item.index)}
                  />
                </div>
              );
            })}
          </div>
        </div>
        {working && lines.length > 0 && !writing ? (
          <p role="status" className="mt-1 flex items-center gap-2 px-2 text-xs text-zinc-500 dark:text-zinc-400">
            <span aria-hidden="true" className="inline-block size-2 animate-pulse rounded-full bg-sky-500 motion-reduce:animate-none" />
            The agent is working…
          </p>
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
