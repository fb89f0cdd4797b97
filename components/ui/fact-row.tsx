import type { ReactNode } from "react";

/** One fact of a details list (<dl>): its label (the precise term, if any, in `title`) and its value. */
export function FactRow({ label, title, children }: { label: string; title?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-zinc-500 dark:text-zinc-400" title={title}>
        {label}
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
