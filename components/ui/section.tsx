import type { ReactNode } from "react";

/** A titled part of a page: an h2 (with an optional count and actions beside it) over its content. */
export function Section({
  id,
  title,
  count,
  actions,
  children,
  className,
  ...rest
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: ReactNode;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  "data-slot"?: string;
}) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
      {title}
      {count != null ? <span className="ml-2 text-sm font-normal text-zinc-500">{count}</span> : null}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className ?? "space-y-3"} {...rest}>
      {actions ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
