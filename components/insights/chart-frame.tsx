import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { cn } from "@/lib/cn";

export type ChartState = { loading?: boolean; error?: string | null; empty?: string | null };

/**
 * A titled panel around a chart that owns its non-data states: a skeleton
 * while loading, the error, or a sentence saying why there is nothing to draw
 * (rather than an empty axis or a row of zeros that look like data).
 */
export function ChartFrame({
  title,
  description,
  actions,
  state = {},
  height = 200,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  state?: ChartState;
  /** Of the skeleton and the empty message, so the layout does not jump. */
  height?: number;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  let body: ReactNode = children;
  if (state.error) {
    body = <ErrorAlert title="Could not load this chart">{state.error}</ErrorAlert>;
  } else if (state.loading) {
    body = (
      <div role="status" aria-live="polite" className="animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800" style={{ height }}>
        <span className="sr-only">Loading {title.toLowerCase()}…</span>
      </div>
    );
  } else if (state.empty) {
    body = (
      <div
        data-slot="chart-empty"
        className="flex items-center justify-center rounded-md border border-dashed border-zinc-300 px-6 text-center text-sm text-zinc-500 dark:border-zinc-700"
        style={{ minHeight: height }}
      >
        {state.empty}
      </div>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900", className)}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {body}
    </section>
  );
}
