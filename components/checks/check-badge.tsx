import type { CheckResult, CheckStatus } from "@/lib/executions/schema";
import { shortId } from "@/lib/executions/format";
import { cn } from "@/lib/cn";

// How a turn's check result looks everywhere (execution page, tree, compare,
// group): one mark and one word per status, so ✓ means the same on every page.

export const CHECK_LOOK: Record<CheckStatus, { mark: string; words: string; className: string; fill: string }> = {
  running: {
    mark: "…",
    words: "check running",
    className: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300",
    fill: "fill-sky-600 dark:fill-sky-400",
  },
  passed: {
    mark: "✓",
    words: "check passed",
    className: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300",
    fill: "fill-emerald-700 dark:fill-emerald-400",
  },
  failed: {
    mark: "✗",
    words: "check failed",
    className: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-300",
    fill: "fill-red-700 dark:fill-red-400",
  },
  timed_out: {
    mark: "⏱",
    words: "check timed out",
    className: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300",
    fill: "fill-amber-700 dark:fill-amber-400",
  },
  error: {
    mark: "!",
    words: "check could not run",
    className: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300",
    fill: "fill-zinc-600 dark:fill-zinc-300",
  },
};

/** A check that failed in a way the agent can act on: Continue with the failure is offered. */
export const checkCanContinue = (status: CheckStatus) => status === "failed" || status === "timed_out" || status === "error";

/** "check failed, reused from #1a2b3c4d": the words a screen reader and a tooltip get. */
export function checkWords(check: Pick<CheckResult, "status" | "reusedFromExecutionId">): string {
  const reused = check.reusedFromExecutionId ? `, reused from #${shortId(check.reusedFromExecutionId)}` : "";
  return `${CHECK_LOOK[check.status].words}${reused}`;
}

/** The check's status as a pill: mark and word ("✓ passed"), a spinner while it runs. */
export function CheckBadge({
  check,
  className,
  compact,
}: {
  check: Pick<CheckResult, "status" | "reusedFromExecutionId" | "summary">;
  className?: string;
  compact?: boolean;
}) {
  const look = CHECK_LOOK[check.status];
  return (
    <span
      data-check={check.status}
      title={check.summary}
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        look.className,
        className,
      )}
    >
      {check.status === "running" ? (
        <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : (
        <span aria-hidden="true">{look.mark}</span>
      )}
      <span className={compact ? "sr-only" : undefined}>{checkWords(check)}</span>
    </span>
  );
}
