import type { ExecutionStatus } from "@/lib/executions/types";
import { cn } from "@/lib/cn";

const styles: Record<ExecutionStatus, { label: string; className: string; dot: string }> = {
  queued: { label: "Queued", className: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300", dot: "bg-zinc-400" },
  running: { label: "Running", className: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300", dot: "bg-sky-500 animate-pulse" },
  completed: {
    label: "Completed",
    className: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300",
    dot: "bg-emerald-500",
  },
  failed: { label: "Failed", className: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-300", dot: "bg-red-500" },
  cancelled: { label: "Cancelled", className: "bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-400", dot: "bg-zinc-400" },
  interrupted: { label: "Interrupted", className: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300", dot: "bg-amber-500" },
};

/**
 * An execution's status. `refusedActions` / `waiting`: the honest states — a
 * completed turn in which the agent was refused something is no plain green
 * "Completed", and a running one that waits for a person says so.
 */
export function ExecutionStatusBadge({
  status,
  refusedActions,
  waiting,
  className,
}: {
  status: ExecutionStatus;
  refusedActions?: number | null;
  waiting?: boolean;
  className?: string;
}) {
  const refused = status === "completed" && (refusedActions ?? 0) > 0;
  const s = refused ? REFUSED : waiting && status === "running" ? WAITING : styles[status];
  const label = refused ? `Completed — ${refusedActions} action${refusedActions === 1 ? "" : "s"} refused` : s.label;
  return (
    <span
      className={cn("inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", s.className, className)}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", s.dot)} />
      {label}
    </span>
  );
}

const REFUSED = { label: "", className: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300", dot: "bg-amber-500" };
const WAITING = {
  label: "Waiting for you",
  className: "bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900 dark:text-amber-200",
  dot: "bg-amber-500 animate-pulse",
};

/** A compact status: coloured dot and the lowercase word (for dense lists next to a page's main badge). */
export function ExecutionStatusDot({ status }: { status: ExecutionStatus }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-zinc-600 dark:text-zinc-400">
      <span aria-hidden="true" className={cn("size-2 rounded-full", styles[status].dot)} />
      {status}
    </span>
  );
}
