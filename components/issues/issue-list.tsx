import Link from "next/link";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { RelativeTime } from "@/components/ui/time";
import type { Issue } from "@/lib/issues/schema";

/** Issues as a list of rows; `showSpec` false hides the spec column (e.g. on a spec's page). */
export function IssueList({ issues, showSpec = true, label = "Issues" }: { issues: Issue[]; showSpec?: boolean; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {issues.map((issue) => (
        <li key={issue.id} className="relative flex flex-col gap-1.5 px-4 py-3 hover:bg-zinc-50 sm:flex-row sm:items-center sm:gap-4 dark:hover:bg-zinc-800/50">
          <div className="flex min-w-0 flex-1 items-baseline gap-2">
            <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{issue.id}</span>
            <Link
              href={`/issues/${issue.id}`}
              className="min-w-0 truncate font-medium text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-zinc-100"
            >
              {issue.title}
            </Link>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
            <StatusBadge status={issue.status} />
            <PriorityBadge priority={issue.priority} />
            {showSpec && issue.spec ? (
              <Link
                href={`/specs/${issue.spec.id}`}
                className="max-w-48 truncate rounded px-1 font-mono hover:text-zinc-900 hover:underline dark:hover:text-zinc-100"
                title={`${issue.spec.id} · ${issue.spec.title}`}
              >
                {issue.spec.id}
              </Link>
            ) : null}
            <span className="whitespace-nowrap">
              updated <RelativeTime iso={issue.updatedAt} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
