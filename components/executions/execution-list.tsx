"use client";

import Link from "next/link";
import { ExecutionStatusBadge } from "@/components/executions/execution-status-badge";
import { ErrorAlert } from "@/components/ui/alert";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import type { ExecutionListItem, ExecutionListParams } from "@/lib/execution-types";
import { excerpt, formatCost, shortId } from "@/lib/format-execution";
import { useExecutionList } from "@/lib/hooks/use-executions";

function kindOf(e: ExecutionListItem): string {
  return e.forkedFromExecutionId ? "fork" : e.parentExecutionId ? "continuation" : e.restartedFromExecutionId ? "fresh start" : "run";
}

export function ExecutionRow({ e }: { e: ExecutionListItem }) {
  const live = e.status === "running" || e.status === "queued";
  return (
    <li className="relative space-y-0.5 px-4 py-2.5 focus-within:bg-zinc-50 hover:bg-zinc-50 dark:focus-within:bg-zinc-800/60 dark:hover:bg-zinc-800/60">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <ExecutionStatusBadge status={e.status} />
        <Link
          href={`/executions/${e.id}`}
          className="rounded font-mono text-sm font-medium text-emerald-700 after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400"
        >
          #{shortId(e.id)}
          <span className="sr-only">: {excerpt(e.prompt, 80)}</span>
        </Link>
        <span className="text-xs text-zinc-500">{kindOf(e)}</span>
        <span className="ml-auto flex items-center gap-3 text-xs text-zinc-500">
          {!live ? <span>{formatCost(e.usage?.costUsd)}</span> : null}
          <span>
            {live && e.startedAt ? "started " : ""}
            <RelativeTime iso={e.startedAt && live ? e.startedAt : (e.finishedAt ?? e.createdAt)} />
          </span>
        </span>
      </div>
      <p className="truncate text-sm text-zinc-800 dark:text-zinc-200" title={e.prompt}>
        {excerpt(e.prompt, 140)}
      </p>
      <p className="truncate text-xs text-zinc-500">
        <Link href={`/issues/${e.issueId}`} className="relative z-[1] rounded font-mono hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600">
          {e.issueId}
        </Link>{" "}
        · {e.issueTitle}
      </p>
    </li>
  );
}

/** Executions across issues (home): live over the status stream. */
export function ExecutionList({ params, label, empty }: { params: ExecutionListParams; label: string; empty: { title: string; body?: string } }) {
  const list = useExecutionList(params, { live: true });
  if (list.isPending) return <LoadingBlock label={`Loading ${label.toLowerCase()}…`} />;
  if (list.isError) return <ErrorAlert title={`Could not load ${label.toLowerCase()}`}>{list.error.message}</ErrorAlert>;
  if (list.data.length === 0) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return (
    <ul aria-label={label} className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {list.data.map((e) => (
        <ExecutionRow key={e.id} e={e} />
      ))}
    </ul>
  );
}
