import { PRIORITY_LABELS, STATUS_LABELS, type IssuePriority, type IssueStatus } from "@/lib/issues/constants";
import { cn } from "@/lib/cn";
import type { SessionSummary } from "@/lib/sessions/schema";

export const pill = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap";

const statusStyles: Record<IssueStatus, string> = {
  open: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-400/30",
  in_progress: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  done: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30",
  closed: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/30",
};

const statusDots: Record<IssueStatus, string> = {
  open: "bg-sky-500",
  in_progress: "bg-amber-500",
  done: "bg-emerald-500",
  closed: "bg-zinc-400",
};

export function StatusBadge({ status, className }: { status: IssueStatus; className?: string }) {
  return (
    <span className={cn(pill, statusStyles[status], className)}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", statusDots[status])} />
      {STATUS_LABELS[status]}
    </span>
  );
}

const priorityStyles: Record<IssuePriority, string> = {
  low: "text-zinc-600 ring-zinc-400/30 dark:text-zinc-400",
  medium: "text-zinc-800 ring-zinc-400/40 dark:text-zinc-200",
  high: "text-orange-800 ring-orange-500/40 dark:text-orange-300",
  urgent: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-300",
};

export function PriorityBadge({ priority, className }: { priority: IssuePriority; className?: string }) {
  return (
    <span className={cn(pill, priorityStyles[priority], className)}>
      <span className="sr-only">Priority: </span>
      {PRIORITY_LABELS[priority]}
    </span>
  );
}

/** "warm" beside the session's status, while its process is kept. */
export function WarmBadge({ session }: { session: Pick<SessionSummary, "warm"> }) {
  if (!session.warm) return null;
  return (
    <span
      data-slot="warm-badge"
      title="A warm session: the agent's process is kept alive, so a Continue of the latest turn starts without a new process"
      className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-800 dark:bg-orange-950 dark:text-orange-300"
    >
      kept ready
    </span>
  );
}
