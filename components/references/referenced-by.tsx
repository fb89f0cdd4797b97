"use client";

import Link from "next/link";
import { ErrorAlert } from "@/components/ui/alert";
import { LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { useBacklinks } from "@/lib/references/hooks";

const TYPE_LABEL = { spec: "Spec", issue: "Issue", session: "Session" } as const;

/** "Referenced by": the specs, issues and sessions whose text cites `target` as [[ID]]. */
export function ReferencedBy({ target, compact = false }: { target: string /** For a narrow side column. */; compact?: boolean }) {
  const backlinks = useBacklinks(target);
  const headingId = `referenced-by-${target}`;
  return (
    <section aria-labelledby={headingId} data-slot="referenced-by" className={compact ? "space-y-2" : "space-y-3"}>
      <h2
        id={headingId}
        className={compact ? "text-sm font-semibold text-zinc-900 dark:text-zinc-50" : "text-lg font-semibold text-zinc-900 dark:text-zinc-50"}
      >
        Referenced by
        {backlinks.data ? <span className="ml-2 text-sm font-normal text-zinc-500">{backlinks.data.length}</span> : null}
      </h2>
      {backlinks.isPending ? (
        <LoadingBlock label="Loading references…" />
      ) : backlinks.isError ? (
        <ErrorAlert title="Could not load what refers to this">{backlinks.error.message}</ErrorAlert>
      ) : backlinks.data.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Nothing refers to {target} yet. Write <code className="font-mono text-xs">[[{target}]]</code> in a spec or issue to link it here.
        </p>
      ) : (
        <ul
          aria-label={`Referenced by (${target})`}
          className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {backlinks.data.map((item) =>
            compact ? (
              <li key={`${item.type}:${item.id}`} className="px-3 py-2 text-sm">
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {TYPE_LABEL[item.type]} <span className="font-mono">{item.id}</span>
                </span>
                <Link href={item.href} className="block font-medium break-words text-zinc-900 hover:underline dark:text-zinc-100">
                  {item.title}
                </Link>
              </li>
            ) : (
              <li key={`${item.type}:${item.id}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
                <span className="w-14 shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{TYPE_LABEL[item.type]}</span>
                <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{item.id}</span>
                <Link href={item.href} className="min-w-0 flex-1 truncate font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                  {item.title}
                </Link>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  updated <RelativeTime iso={item.updatedAt} />
                </span>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
