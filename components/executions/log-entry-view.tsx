"use client";

import { useState } from "react";
import { Markdown } from "@/components/markdown";
import type { LogEntry, ToolCallSummary } from "@/lib/log-entries";
import { formatCost, formatDuration } from "@/lib/format-execution";

const TRUNCATE_AT = 2_000;

function Collapsible({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > TRUNCATE_AT;
  return (
    <div>
      <pre className={`overflow-x-auto whitespace-pre-wrap break-words rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-950 ${className ?? ""}`}>
        {long && !open ? `${text.slice(0, TRUNCATE_AT)}…` : text}
      </pre>
      {long ? (
        <button type="button" className="mt-1 text-xs font-medium text-emerald-700 underline dark:text-emerald-400" onClick={() => setOpen(!open)}>
          {open ? "Show less" : `Show all ${text.length.toLocaleString()} characters`}
        </button>
      ) : null}
    </div>
  );
}

function ToolSummary({ tool, summary }: { tool: string; summary: ToolCallSummary }) {
  switch (summary.kind) {
    case "command":
      return <code className="font-mono text-xs">$ {summary.command}</code>;
    case "file_read":
      return <span className="font-mono text-xs">{summary.path}</span>;
    case "file_write":
      return <span className="font-mono text-xs">write {summary.path}</span>;
    case "file_edit":
      return (
        <div className="space-y-1">
          <span className="font-mono text-xs">edit {summary.path}</span>
          {summary.edits.map((edit, i) => (
            <pre key={i} className="overflow-x-auto rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-950">
              {edit.oldString.split("\n").map((l, j) => (
                <div key={`o${j}`} className="text-red-700 dark:text-red-400">- {l}</div>
              ))}
              {edit.newString.split("\n").map((l, j) => (
                <div key={`n${j}`} className="text-emerald-700 dark:text-emerald-400">+ {l}</div>
              ))}
            </pre>
          ))}
        </div>
      );
    case "search":
      return <span className="font-mono text-xs">{summary.pattern}{summary.path ? ` in ${summary.path}` : ""}</span>;
    case "web":
      return <span className="font-mono text-xs">{summary.target}</span>;
    case "task":
      return <span className="text-xs">{summary.description}</span>;
    default:
      return <span className="font-mono text-xs">{summary.text || tool}</span>;
  }
}

/** One normalized log entry, whatever agent produced it. */
export function LogEntryView({ entry }: { entry: LogEntry }) {
  switch (entry.type) {
    case "assistant_text":
      return <Markdown className="prose-sm">{entry.text}</Markdown>;
    case "thinking":
      return <p className="whitespace-pre-wrap text-sm italic text-zinc-500 dark:text-zinc-400">{entry.text}</p>;
    case "user_message":
      return (
        <div className="rounded-md border-l-4 border-emerald-500 bg-emerald-50/60 px-3 py-2 text-sm dark:bg-emerald-950/40">
          <span className="sr-only">Prompt: </span>
          <span className="whitespace-pre-wrap">{entry.text}</span>
        </div>
      );
    case "tool_call":
      return (
        <div className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <div className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">▸ {entry.tool}</div>
          <ToolSummary tool={entry.tool} summary={entry.summary} />
        </div>
      );
    case "tool_result":
      return (
        <details className="ml-4 text-sm" open={entry.isError}>
          <summary className={`cursor-pointer text-xs ${entry.isError ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-500"}`}>
            {entry.isError ? "Tool error" : "Tool result"} ({entry.content.length.toLocaleString()} chars{entry.truncated ? ", truncated" : ""})
          </summary>
          <Collapsible text={entry.content} className={entry.isError ? "text-red-800 dark:text-red-300" : undefined} />
        </details>
      );
    case "system_init":
      return (
        <p className="text-xs text-zinc-500">
          Session started{entry.model ? ` · ${entry.model}` : ""}{entry.cwd ? ` · ${entry.cwd}` : ""}{entry.tools.length ? ` · ${entry.tools.length} tools` : ""}
        </p>
      );
    case "result":
      return (
        <div className={`rounded-md border px-3 py-2 text-sm ${entry.isError ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/50" : "border-emerald-300 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40"}`}>
          <div className="text-xs font-semibold uppercase tracking-wide">{entry.isError ? "Finished with an error" : "Result"}</div>
          {entry.text ? <div className="mt-1"><Markdown>{entry.text}</Markdown></div> : null}
          <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {formatCost(entry.costUsd)} · {entry.usage.inputTokens ?? 0} in / {entry.usage.outputTokens ?? 0} out tokens · {formatDuration(entry.durationMs)}
            {entry.numTurns !== null ? ` · ${entry.numTurns} turns` : ""}
          </div>
        </div>
      );
    case "error":
      return (
        <p role={entry.severity === "warning" ? undefined : "alert"} className={`rounded-md px-3 py-2 text-sm ${entry.severity === "warning" ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"}`}>
          {entry.message}
        </p>
      );
    case "stderr":
      return <pre className="whitespace-pre-wrap font-mono text-xs text-amber-800 dark:text-amber-300">{entry.text}</pre>;
    case "unparsed":
      return <pre className="whitespace-pre-wrap break-all font-mono text-xs text-zinc-500">{entry.raw}{entry.truncated ? " …(truncated)" : ""}</pre>;
    case "text":
      return <pre className="whitespace-pre-wrap font-mono text-xs">{entry.text}</pre>;
    default:
      return null;
  }
}
