"use client";

import { memo } from "react";
import { Markdown } from "@/components/markdown";
import { cn } from "@/lib/cn";
import { formatCost, formatDuration } from "@/lib/executions/format";
import { formatCount } from "@/lib/format";
import type { LogEntry } from "@/lib/executions/log-entries";
import { ApprovalLogEntry } from "@/components/approvals/approval-log-entry";
import { RawInput, ToolBody, TOOL_VERB } from "./tool-body";
import { lineCount, TRUNCATE_CHARS, TruncatedText } from "./truncated-text";

function firstLine(text: string): string {
  const line = text.trimStart().split("\n", 1)[0] ?? "";
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
}

/** One normalized log entry, whatever agent produced it. */
export const LogEntryView = memo(function LogEntryView({
  entry,
  toolName,
  repeatsText = false,
}: {
  entry: LogEntry;
  toolName?: string;
  /** A result whose text the assistant's message just before it already shows: only its figures. */
  repeatsText?: boolean;
}) {
  switch (entry.type) {
    case "assistant_text":
      return <Markdown className="text-sm">{entry.text}</Markdown>;
    case "text_draft":
      // The reply as the agent writes it; the complete message replaces it (conversationLines).
      return (
        <div aria-busy="true" data-slot="text-draft">
          <Markdown className="text-sm">{entry.text}</Markdown>
          <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-zinc-400 align-text-bottom motion-reduce:animate-none" />
          <span className="sr-only">(still writing)</span>
        </div>
      );
    case "thinking":
      return (
        <div className="border-l-2 border-zinc-200 pl-3 text-sm italic text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
          <span className="sr-only">Thinking: </span>
          {entry.text.length > TRUNCATE_CHARS ? (
            <TruncatedText text={entry.text} className="bg-transparent p-0 font-sans italic" />
          ) : (
            <p className="whitespace-pre-wrap">{entry.text}</p>
          )}
        </div>
      );
    case "user_message":
      return (
        <div className="rounded-md border-l-4 border-emerald-500 bg-emerald-50/70 px-3 py-2 text-sm dark:bg-emerald-950/40">
          <div className="text-xs font-semibold uppercase tracking-wide text-emerald-800 dark:text-emerald-300">Prompt</div>
          <p className="whitespace-pre-wrap">{entry.text}</p>
        </div>
      );
    case "tool_call":
      return (
        <div className="rounded-md border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="mb-1 flex items-center gap-2 text-xs">
            <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">{entry.tool}</span>
            {TOOL_VERB[entry.summary.kind] && TOOL_VERB[entry.summary.kind] !== entry.tool ? (
              <span className="text-zinc-500">{TOOL_VERB[entry.summary.kind]}</span>
            ) : null}
          </div>
          <ToolBody summary={entry.summary} />
          {entry.summary.kind === "other" ? <RawInput input={entry.input} /> : null}
        </div>
      );
    case "tool_result": {
      const lines = lineCount(entry.content);
      return (
        <details className="group ml-4" open={entry.isError}>
          <summary
            className={cn(
              "cursor-pointer list-none rounded text-xs marker:hidden focus-visible:outline-2 focus-visible:outline-emerald-600",
              entry.isError ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200",
            )}
          >
            <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
              ▸
            </span>
            {entry.isError ? "Error from" : "Result of"} {toolName ?? "tool"}
            <span className="font-normal text-zinc-500">
              {" "}
              · {formatCount(lines)} {lines === 1 ? "line" : "lines"}
              {entry.truncated ? " (cut by the server)" : ""}
              {entry.content && !entry.isError ? <span className="ml-1 font-mono group-open:hidden">{firstLine(entry.content)}</span> : null}
            </span>
          </summary>
          <div className="mt-1">
            <TruncatedText
              text={entry.content || "(empty)"}
              className={entry.isError ? "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-300" : undefined}
            />
          </div>
        </details>
      );
    }
    case "system_init":
      return (
        <p className="text-xs text-zinc-500" title={entry.tools.length ? `Tools: ${entry.tools.join(", ")}` : undefined}>
          The agent started{entry.model ? ` · model ${entry.model}` : ""}
          {entry.cwd ? ` · in ${entry.cwd}` : ""}
          {entry.tools.length ? ` · ${entry.tools.length} tools` : ""}
        </p>
      );
    case "result":
      return <ResultSummary entry={entry} hideText={repeatsText} />;
    case "error":
      return (
        <div
          className={cn(
            "flex gap-2 rounded-md border px-3 py-2 text-sm",
            entry.severity === "warning"
              ? "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
              : "border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
          )}
        >
          <span aria-hidden="true">{entry.severity === "warning" ? "⚠" : "✖"}</span>
          <p className="min-w-0 whitespace-pre-wrap break-words">
            <span className="font-semibold">{entry.severity === "warning" ? "Warning: " : "Error: "}</span>
            {entry.message}
          </p>
        </div>
      );
    case "stderr":
      return (
        <pre className="whitespace-pre-wrap break-words font-mono text-xs text-amber-800 dark:text-amber-300">
          <span className="sr-only">stderr: </span>
          {entry.text}
        </pre>
      );
    case "unparsed":
      return (
        <pre className="whitespace-pre-wrap break-all font-mono text-xs text-zinc-500">
          {entry.raw}
          {entry.truncated ? " …(truncated)" : ""}
        </pre>
      );
    case "text":
      return <pre className="whitespace-pre-wrap break-words font-mono text-xs">{entry.text}</pre>;
    case "approval":
      return <ApprovalLogEntry entry={entry} />;
    default:
      return null;
  }
});

/** The run's final result: the answer, then cost, tokens, duration and turns. Memoized: the log above re-renders as it scrolls, and markdown is not cheap. */
export const ResultSummary = memo(function ResultSummary({
  entry,
  hideText = false,
  heading = entry.isError ? "Finished with an error" : hideText ? "Finished" : "Result",
}: {
  entry: Extract<LogEntry, { type: "result" }>;
  heading?: string;
  /** Its text repeats what is shown just above it. */
  hideText?: boolean;
}) {
  return (
    <div
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        entry.isError
          ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/50"
          : "border-emerald-300 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40",
      )}
    >
      <div
        className={cn(
          "text-xs font-semibold uppercase tracking-wide",
          entry.isError ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300",
        )}
      >
        {heading}
      </div>
      {entry.text && !hideText ? (
        <div className="mt-1">
          <Markdown className="text-sm">{entry.text}</Markdown>
        </div>
      ) : null}
      <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {formatCost(entry.costUsd)} · {formatCount(entry.usage.inputTokens ?? 0)} in / {formatCount(entry.usage.outputTokens ?? 0)} out tokens ·{" "}
        {formatDuration(entry.durationMs)}
        {entry.numTurns !== null ? ` · ${entry.numTurns} ${entry.numTurns === 1 ? "turn" : "turns"}` : ""}
      </div>
    </div>
  );
});
