// The rows of the compare page: what each shows for one execution, and the
// value compared between the two (rows that differ are marked; for cost,
// duration, tokens and errors the lower one is highlighted).
import type { ReactNode } from "react";
import { CheckBadge } from "@/components/checks/check-badge";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { Markdown } from "@/components/markdown";
import { ExecutionLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import type { ExecutionDto, ExecutionSummary } from "@/lib/executions/schema";
import { formatCost, formatDuration, formatTokens } from "@/lib/executions/format";

export type CompareSide = { execution: ExecutionDto; summary: ExecutionSummary | null; summaryError?: string | null };

function relation(e: ExecutionDto): ReactNode {
  if (e.forkedFromExecutionId) {
    return (
      <>
        fork of <ExecutionLink id={e.forkedFromExecutionId} />
      </>
    );
  }
  if (e.parentExecutionId) {
    return (
      <>
        continuation of <ExecutionLink id={e.parentExecutionId} />
      </>
    );
  }
  if (e.restartedFromExecutionId) {
    return (
      <>
        fresh start after <ExecutionLink id={e.restartedFromExecutionId} />
      </>
    );
  }
  return "original run";
}

function durationOf(e: ExecutionDto): number | null {
  if (e.usage?.durationMs != null) return e.usage.durationMs;
  if (e.startedAt && e.finishedAt) return new Date(e.finishedAt).getTime() - new Date(e.startedAt).getTime();
  return null;
}

type Field = {
  label: string;
  render: (side: CompareSide) => ReactNode;
  /** A comparable value: rows whose values differ are marked. */
  value?: (side: CompareSide) => string | number | null;
  /** Which side is better, for numbers where less is better (cost, duration). */
  lowerIsBetter?: boolean;
};

function Pending() {
  return <span className="text-zinc-400">…</span>;
}

/** The rows of the compare table, in order. */
export const FIELDS: Field[] = [
  {
    label: "Execution",
    render: ({ execution: e }) => (
      <span className="flex flex-wrap items-center gap-2">
        <ExecutionLink id={e.id} />
        <ExecutionStatusBadge status={e.status} refusedActions={e.refusedActions} />
      </span>
    ),
    value: ({ execution: e }) => e.status,
  },
  {
    // The project's check on each side's snapshot: the quickest "which one works".
    label: "Check",
    render: ({ execution: e }) =>
      e.check ? (
        <span className="flex flex-col gap-1">
          <CheckBadge check={e.check} className="self-start" />
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{e.check.status === "running" ? "running…" : e.check.summary}</span>
        </span>
      ) : (
        <span className="text-zinc-500">no check</span>
      ),
    value: ({ execution: e }) => e.check?.status ?? null,
  },
  { label: "Relationship", render: ({ execution: e }) => <span className="text-zinc-700 dark:text-zinc-300">{relation(e)}</span> },
  {
    label: "Prompt",
    render: ({ execution: e }) => <p className="max-h-48 overflow-y-auto whitespace-pre-wrap">{e.prompt}</p>,
    value: ({ execution: e }) => e.prompt,
  },
  {
    label: "Final answer",
    render: ({ summary, summaryError }) =>
      summaryError ? (
        <span className="text-red-700 dark:text-red-400">{summaryError}</span>
      ) : !summary ? (
        <Pending />
      ) : summary.finalAnswer ? (
        <div className={cn("max-h-80 overflow-y-auto", summary.finalIsError ? "text-red-800 dark:text-red-300" : "")}>
          <Markdown className="text-sm">{summary.finalAnswer}</Markdown>
        </div>
      ) : (
        <span className="text-zinc-500">No final answer</span>
      ),
    value: ({ summary }) => summary?.finalAnswer ?? null,
  },
  {
    label: "Tools used",
    render: ({ summary }) =>
      !summary ? (
        <Pending />
      ) : summary.tools.length ? (
        <ul className="flex flex-wrap gap-1.5">
          {summary.tools.map((t) => (
            <li key={t.tool} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">
              {t.tool} × {t.count}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-zinc-500">none</span>
      ),
    value: ({ summary }) => (summary ? summary.tools.map((t) => `${t.tool}:${t.count}`).join(",") : null),
  },
  {
    label: "Files touched",
    render: ({ summary }) =>
      !summary ? (
        <Pending />
      ) : summary.files.length ? (
        <ul className="space-y-0.5">
          {summary.files.slice(0, 30).map((f) => (
            <li key={f.path} className="break-all font-mono text-xs">
              {f.path} <span className="text-zinc-500">({f.actions.join(", ")})</span>
            </li>
          ))}
          {summary.files.length > 30 ? <li className="text-xs text-zinc-500">and {summary.files.length - 30} more</li> : null}
        </ul>
      ) : (
        <span className="text-zinc-500">none</span>
      ),
    value: ({ summary }) => (summary ? summary.files.map((f) => f.path).join(",") : null),
  },
  {
    label: "Commands",
    render: ({ summary }) =>
      !summary ? (
        <Pending />
      ) : summary.commands.length ? (
        <ul className="space-y-0.5">
          {summary.commands.slice(0, 10).map((c, i) => (
            <li key={i} className="break-all font-mono text-xs">
              $ {c}
            </li>
          ))}
          {summary.commands.length > 10 ? <li className="text-xs text-zinc-500">and {summary.commands.length - 10} more</li> : null}
        </ul>
      ) : (
        <span className="text-zinc-500">none</span>
      ),
  },
  {
    label: "Cost",
    render: ({ execution: e }) => <span className="font-mono tabular-nums">{formatCost(e.usage?.costUsd)}</span>,
    value: ({ execution: e }) => e.usage?.costUsd ?? null,
    lowerIsBetter: true,
  },
  {
    label: "Duration",
    render: ({ execution: e }) => <span className="font-mono tabular-nums">{formatDuration(durationOf(e))}</span>,
    value: ({ execution: e }) => durationOf(e),
    lowerIsBetter: true,
  },
  {
    label: "Tokens",
    render: ({ execution: e }) => (
      <span className="font-mono tabular-nums">{e.usage ? `${formatTokens(e.usage.inputTokens)} in / ${formatTokens(e.usage.outputTokens)} out` : "—"}</span>
    ),
    value: ({ execution: e }) => (e.usage?.inputTokens != null && e.usage.outputTokens != null ? e.usage.inputTokens + e.usage.outputTokens : null),
    lowerIsBetter: true,
  },
  {
    label: "Turns",
    render: ({ execution: e }) => <span className="font-mono tabular-nums">{e.usage?.numTurns ?? "—"}</span>,
    value: ({ execution: e }) => e.usage?.numTurns ?? null,
  },
  {
    label: "Errors",
    render: ({ summary }) =>
      !summary ? <Pending /> : <span className={summary.errorCount ? "text-red-700 dark:text-red-400" : ""}>{summary.errorCount}</span>,
    value: ({ summary }) => summary?.errorCount ?? null,
    lowerIsBetter: true,
  },
  {
    label: "Session",
    render: ({ execution: e }) => <code className="break-all font-mono text-xs">{e.sessionId ?? "none"}</code>,
  },
];
