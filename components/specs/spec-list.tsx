import Link from "next/link";
import { RelativeTime } from "@/components/ui/time";
import type { Spec } from "@/lib/specs/schema";

export function SpecList({ specs, label = "Specs" }: { specs: Spec[]; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {specs.map((spec) => (
        <li key={spec.id} className="flex flex-col gap-1.5 px-4 py-3 hover:bg-zinc-50 sm:flex-row sm:items-center sm:gap-4 dark:hover:bg-zinc-800/50">
          <div className="flex min-w-0 flex-1 items-baseline gap-2">
            <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{spec.id}</span>
            <Link
              href={`/specs/${spec.id}`}
              className="min-w-0 truncate font-medium text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-zinc-100"
            >
              {spec.title}
            </Link>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="whitespace-nowrap">{spec.issueCount === 1 ? "1 issue" : `${spec.issueCount} issues`}</span>
            <span className="whitespace-nowrap">
              updated <RelativeTime iso={spec.updatedAt} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
