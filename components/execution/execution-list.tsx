"use client";

import Link from "next/link";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { QueryList } from "@/components/ui/query-gate";
import { EmptyState } from "@/components/ui/states";
import { ExecutionLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import type { ExecutionListItem } from "@/lib/executions/schema";
import type { ExecutionListParams } from "@/lib/executions/api";
import { excerpt, formatCost, shortId } from "@/lib/executions/format";
import { useExecutionList } from "@/lib/executions/hooks";

function kindOf(e: ExecutionListItem): string {
  return e.forkedFromExecutionId ? "fork" : e.parentExecutionId ? "continuation" : e.restartedFromExecutionId ? "fresh start" : "run";
}

export function ExecutionRow({ e }: { e: ExecutionListItem }) {
  const live = e.status === "running" || e.status === "queued";
  return (
    <li className="relative space-y-0.5 px-4 py-2.5 focus-within:bg-zinc-50 hover:bg-zinc-50 dark:focus-within:bg-zinc-800/60 dark:hover:bg-zinc-800/60">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <ExecutionStatusBadge status={e.status} refusedActions={e.refusedActions} waiting={e.waitingFor !== null} />
        <ExecutionLink id={e.id} className="text-sm after:absolute after:inset-0">
          #{shortId(e.id)}
          <span className="sr-only">: {excerpt(e.prompt, 80)}</span>
        </ExecutionLink>
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
        <Link
          href={`/issues/${e.issueId}`}
          className="relative z-[1] rounded font-mono hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          {e.issueId}
        </Link>{" "}
        · {e.issueTitle}
      </p>
    </li>
  );
}

/** Executions across issues (home): live over the status stream. */
export function ExecutionList({ params, label, empty }: { params: ExecutionListParams; label: string; empty: { title: string; body?: string } }) {
  const list = useExecutionList(params);
  return (
    <QueryList query={list} noun={label.toLowerCase()} empty={<EmptyState title={empty.title}>{empty.body}</EmptyState>}>
      {(items) => (
        <ul
          aria-label={label}
          className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {items.map((e) => (
            <ExecutionRow key={e.id} e={e} />
          ))}
        </ul>
      )}
    </QueryList>
  );
}
