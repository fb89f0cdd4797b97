"use client";

import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { ExecutionStatusBadge } from "@/components/executions/execution-status-badge";
import { ComparePrefer } from "@/components/outcomes/compare-prefer";
import { Markdown } from "@/components/markdown";
import { ErrorAlert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { EmptyState, LoadingBlock, PageHeader } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import type { ExecutionDto, ExecutionSummary } from "@/lib/execution-types";
import { formatCost, formatDuration, shortId } from "@/lib/format-execution";
import { useExecution, useExecutionSummary } from "@/lib/hooks/use-executions";

export type CompareSide = { execution: ExecutionDto; summary: ExecutionSummary | null; summaryError?: string | null };

function relation(e: ExecutionDto): ReactNode {
  if (e.forkedFromExecutionId) {
    return (
      <>
        fork of <ExecRef id={e.forkedFromExecutionId} />
      </>
    );
  }
  if (e.parentExecutionId) {
    return (
      <>
        continuation of <ExecRef id={e.parentExecutionId} />
      </>
    );
  }
  if (e.restartedFromExecutionId) {
    return (
      <>
        fresh start after <ExecRef id={e.restartedFromExecutionId} />
      </>
    );
  }
  return "original run";
}

function ExecRef({ id }: { id: string }) {
  return (
    <Link href={`/executions/${id}`} className="font-mono font-medium text-emerald-700 hover:underline dark:text-emerald-400">
      #{shortId(id)}
    </Link>
  );
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

const FIELDS: Field[] = [
  {
    label: "Execution",
    render: ({ execution: e }) => (
      <span className="flex flex-wrap items-center gap-2">
        <ExecRef id={e.id} />
        <ExecutionStatusBadge status={e.status} />
      </span>
    ),
    value: ({ execution: e }) => e.status,
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
  { label: "Cost", render: ({ execution: e }) => <span className="font-mono tabular-nums">{formatCost(e.usage?.costUsd)}</span>, value: ({ execution: e }) => e.usage?.costUsd ?? null, lowerIsBetter: true },
  { label: "Duration", render: ({ execution: e }) => <span className="font-mono tabular-nums">{formatDuration(durationOf(e))}</span>, value: ({ execution: e }) => durationOf(e), lowerIsBetter: true },
  {
    label: "Tokens",
    render: ({ execution: e }) => (
      <span className="font-mono tabular-nums">{e.usage ? `${e.usage.inputTokens.toLocaleString()} in / ${e.usage.outputTokens.toLocaleString()} out` : "—"}</span>
    ),
    value: ({ execution: e }) => (e.usage ? e.usage.inputTokens + e.usage.outputTokens : null),
    lowerIsBetter: true,
  },
  { label: "Turns", render: ({ execution: e }) => <span className="font-mono tabular-nums">{e.usage?.numTurns ?? "—"}</span>, value: ({ execution: e }) => e.usage?.numTurns ?? null },
  {
    label: "Errors",
    render: ({ summary }) => (!summary ? <Pending /> : <span className={summary.errorCount ? "text-red-700 dark:text-red-400" : ""}>{summary.errorCount}</span>),
    value: ({ summary }) => summary?.errorCount ?? null,
    lowerIsBetter: true,
  },
  {
    label: "Session",
    render: ({ execution: e }) => <code className="break-all font-mono text-xs">{e.sessionId ?? "none"}</code>,
  },
];

/** The two executions side by side, a row per aspect; rows that differ are marked. */
export function CompareTable({ a, b }: { a: CompareSide; b: CompareSide }) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-0 text-sm">
      <caption className="sr-only">
        Comparison of execution #{shortId(a.execution.id)} (A) and #{shortId(b.execution.id)} (B)
      </caption>
      <colgroup>
        <col className="hidden w-32 sm:table-column" />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className="hidden border-b border-zinc-200 pb-2 text-left text-xs font-medium text-zinc-500 sm:table-cell dark:border-zinc-800">
            <span className="sr-only">Aspect</span>
          </th>
          {[a, b].map((side, i) => (
            <th key={side.execution.id} scope="col" className="border-b border-zinc-200 px-2 pb-2 text-left font-semibold dark:border-zinc-800">
              {i === 0 ? "A" : "B"} · <span className="font-mono">#{shortId(side.execution.id)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FIELDS.map((field) => {
          const va = field.value?.(a);
          const vb = field.value?.(b);
          const differs = field.value !== undefined && va !== null && vb !== null && va !== undefined && vb !== undefined && va !== vb;
          const better =
            differs && field.lowerIsBetter && typeof va === "number" && typeof vb === "number" ? (va < vb ? 0 : 1) : null;
          return (
            <Fragment key={field.label}>
              <tr className="sm:hidden">
                <th scope="colgroup" colSpan={2} className="bg-zinc-50 px-2 pt-3 pb-1 text-left text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:bg-zinc-900/60">
                  {field.label}
                  {differs ? <span className="ml-1 font-normal normal-case text-amber-700 dark:text-amber-400">· differs</span> : null}
                </th>
              </tr>
              <tr data-differs={differs ? "true" : undefined} className={differs ? "bg-amber-50/50 dark:bg-amber-950/20" : undefined}>
                <th scope="row" className="hidden border-b border-zinc-100 py-2 pr-2 text-left align-top text-xs font-medium text-zinc-500 sm:table-cell dark:border-zinc-800">
                  {field.label}
                  {differs ? <span className="block font-normal text-amber-700 dark:text-amber-400">differs</span> : null}
                </th>
                {[a, b].map((side, i) => (
                  <td key={i} className={cn("min-w-0 border-b border-zinc-100 px-2 py-2 align-top break-words dark:border-zinc-800", better === i ? "font-semibold text-emerald-800 dark:text-emerald-300" : "")}>
                    {field.render(side)}
                    {better === i ? <span className="sr-only"> (lower)</span> : null}
                  </td>
                ))}
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /compare?a=<id>&b=<id>: two executions (typically two forks) side by side. */
export function CompareView({ a, b }: { a?: string; b?: string }) {
  const valid = Boolean(a && b && UUID.test(a) && UUID.test(b));
  const ea = useExecution(a ?? "", { enabled: valid });
  const eb = useExecution(b ?? "", { enabled: valid });
  const sa = useExecutionSummary(valid ? a! : null);
  const sb = useExecutionSummary(valid ? b! : null);

  if (!valid) {
    return (
      <div className="space-y-6">
        <PageHeader title="Compare executions" />
        <EmptyState title="Pick two executions to compare">
          Tick two rows in an issue&apos;s history, or use &ldquo;Compare forks&rdquo; in its session tree. The address is /compare?a=&lt;id&gt;&amp;b=&lt;id&gt;.
        </EmptyState>
      </div>
    );
  }
  const error = ea.error ?? eb.error;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Compare executions"
        description={
          ea.data && eb.data ? (
            <>
              <Link href={`/issues/${ea.data.issueId}`} className="font-medium text-emerald-700 hover:underline dark:text-emerald-400">
                {ea.data.issueId}
              </Link>
              {eb.data.issueId !== ea.data.issueId ? (
                <>
                  {" "}and{" "}
                  <Link href={`/issues/${eb.data.issueId}`} className="font-medium text-emerald-700 hover:underline dark:text-emerald-400">
                    {eb.data.issueId}
                  </Link>
                </>
              ) : null}
            </>
          ) : undefined
        }
        actions={
          <LinkButton href={`/compare?a=${b}&b=${a}`} variant="secondary" size="sm">
            Swap A and B
          </LinkButton>
        }
      />
      {ea.data && eb.data ? <ComparePrefer a={ea.data.id} b={eb.data.id} /> : null}
      {error ? (
        <ErrorAlert title="Could not load the executions">{error.message}</ErrorAlert>
      ) : !ea.data || !eb.data ? (
        <LoadingBlock label="Loading executions…" />
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white p-2 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <CompareTable
            a={{ execution: ea.data, summary: sa.data ?? null, summaryError: sa.error?.message ?? null }}
            b={{ execution: eb.data, summary: sb.data ?? null, summaryError: sb.error?.message ?? null }}
          />
        </div>
      )}
    </div>
  );
}
