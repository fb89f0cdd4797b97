"use client";

import { memo } from "react";
import { LogEntryView } from "@/components/execution-log/log-entry/log-entry-view";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { LogEntry } from "@/lib/executions/log-entries";
import type { LogGap, LogLine, LogRow } from "@/lib/executions/log-segments";
import { formatCount } from "@/lib/format";

/** One entry of the log, with its #seq-<n> anchor on the first entry of its event. */
export const LineRow = memo(function LineRow({
  line,
  toolName,
  highlighted,
  repeatsText,
}: {
  line: LogLine;
  toolName?: string;
  highlighted: boolean;
  repeatsText: boolean;
}) {
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

/** Events not loaded yet: loaded by themselves as the reader nears them (ExecutionLog), or by the button. */
export const GapRow = memo(function GapRow({ gap, onLoad }: { gap: LogGap["gap"]; onLoad: (gap: LogGap["gap"]) => void }) {
  const count = gap.to - gap.after;
  return (
    <div className="flex h-10 items-center justify-center gap-3 rounded-md border border-dashed border-zinc-300 text-xs text-zinc-500 dark:border-zinc-700">
      <span>
        {formatCount(count)} {count === 1 ? "event" : "events"} (#{formatCount(gap.after + 1)}–#{formatCount(gap.to)})
        {gap.loading ? " · loading…" : " not loaded yet"}
      </span>
      {gap.loading ? null : (
        <Button size="sm" variant="secondary" onClick={() => onLoad(gap)}>
          Load
        </Button>
      )}
    </div>
  );
});

export function rowLabel(row: LogRow): string {
  if ("gap" in row) return "Entries not loaded yet";
  const entry = row.entry;
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
export function resultRepeatsText(rows: readonly LogRow[], index: number): boolean {
  const row = rows[index];
  const before = rows[index - 1];
  if (!row || "gap" in row || !before || "gap" in before) return false;
  const entry: LogEntry = row.entry;
  return entry.type === "result" && !entry.isError && before.entry.type === "assistant_text" && before.entry.text.trim() === entry.text.trim();
}
