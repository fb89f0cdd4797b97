import Link from "next/link";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { ArchivedBadge, ExpiredBadge } from "@/components/sessions/session-badges";
import { agentName } from "@/lib/agents/names";
import { RelativeTime } from "@/components/ui/time";
import { formatCost } from "@/lib/executions/format";
import type { SessionSummary } from "@/lib/sessions/schema";
import { formatCount } from "@/lib/format";

export function SessionList({ sessions, label = "Sessions" }: { sessions: SessionSummary[]; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {sessions.map((s) => (
        <li key={s.id} data-session={s.id} className="space-y-1.5 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{s.id}</span>
            <Link
              href={`/sessions/${s.id}`}
              className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere] text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-zinc-100"
            >
              {s.title}
            </Link>
            {s.latestStatus ? <ExecutionStatusBadge status={s.latestStatus} /> : null}
            {s.archived ? <ArchivedBadge /> : null}
            <ExpiredBadge session={s} />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <span>{agentName(s.agent)}</span>
            <span>
              on{" "}
              <Link href={`/issues/${s.issueId}`} className="hover:underline">
                {s.issueId}
              </Link>
            </span>
            {s.parentSessionId ? <span>fork of {s.parentSessionId}</span> : null}
            <span>{s.totals.executionCount === 1 ? "1 execution" : `${s.totals.executionCount} executions`}</span>
            <span>{formatCount(s.totals.inputTokens + s.totals.outputTokens)} tokens</span>
            <span>{formatCost(s.totals.costUsd)}</span>
            <span>
              active <RelativeTime iso={s.lastActivityAt} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
