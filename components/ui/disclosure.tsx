import type { ReactNode } from "react";

/** What a person rarely needs, folded away: a native <details> with its title and a hint of what is inside. */
export function Disclosure({ title, hint, slot, children }: { title: string; hint?: string; slot?: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-slot={slot}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-sm font-semibold marker:hidden focus-visible:outline-2 focus-visible:outline-emerald-600">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ▸
        </span>
        {title}
        {hint ? <span className="font-normal text-zinc-500 dark:text-zinc-400">{hint}</span> : null}
      </summary>
      <div className="border-t border-zinc-200 dark:border-zinc-800">{children}</div>
    </details>
  );
}
