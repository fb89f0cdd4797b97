"use client";

import Link from "next/link";
import { createContext, useContext, useId, useState } from "react";
import { RelativeTime } from "@/components/ui/time";
import { useReferenceSummary } from "@/lib/references/hooks";
import { parseReferenceId, referenceHref } from "@/lib/references/parse";
import type { ReferenceSummary } from "@/lib/references/schema";

/**
 * What the surrounding markdown knows about its references: "off" (no query
 * client: plain links), "pending" (still checking), or the answers (null: no
 * such entity).
 */
export type ReferenceResolution = { state: "off" } | { state: "pending" } | { state: "ready"; items: Record<string, ReferenceSummary | null> };

export const ReferenceResolutionContext = createContext<ReferenceResolution>({ state: "off" });

const TYPE_LABEL = { spec: "Spec", issue: "Issue", session: "Session" } as const;
const STATUS_LABEL: Record<string, string> = { in_progress: "In progress" };

export function statusLabel(status: string): string {
  return STATUS_LABEL[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

const linkClasses =
  "rounded-sm font-medium text-emerald-700 underline decoration-emerald-700/40 underline-offset-2 hover:decoration-emerald-700 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-emerald-400";

/** `[[SESS-42]]` rendered: a link with a hover/focus card, or visibly broken when no such entity exists. */
export function ReferenceLink({ id: rawId }: { id: string }) {
  const resolution = useContext(ReferenceResolutionContext);
  const ref = parseReferenceId(rawId);
  if (!ref) return <span>{rawId}</span>;
  const href = referenceHref(ref);
  if (resolution.state === "ready" && resolution.items[ref.id] === null) {
    const what = TYPE_LABEL[ref.type].toLowerCase();
    return (
      <span
        data-broken-ref={ref.id}
        title={`Broken reference: there is no ${what} ${ref.id} (it was never created, or the id is mistyped)`}
        className="rounded-sm bg-red-50 px-0.5 text-red-700 line-through decoration-red-500 dark:bg-red-950/50 dark:text-red-400"
      >
        {ref.id}
        <span className="sr-only"> (broken reference: no such {what})</span>
      </span>
    );
  }
  if (resolution.state === "off") {
    return (
      <a href={href} data-ref={ref.id} className={linkClasses}>
        {ref.id}
      </a>
    );
  }
  return <ReferenceWithCard id={ref.id} href={href} />;
}

function ReferenceWithCard({ id, href }: { id: string; href: string }) {
  const [open, setOpen] = useState(false);
  const cardId = useId();
  return (
    <span
      className="relative inline-block"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <Link href={href} data-ref={id} aria-describedby={open ? cardId : undefined} className={linkClasses}>
        {id}
      </Link>
      {open ? <ReferenceCard id={id} cardId={cardId} /> : null}
    </span>
  );
}

function ReferenceCard({ id, cardId }: { id: string; cardId: string }) {
  const summary = useReferenceSummary(id, true);
  const data = summary.data;
  return (
    <span
      id={cardId}
      role="tooltip"
      data-reference-card={id}
      className="absolute top-full left-0 z-20 mt-1 block w-72 rounded-lg border border-zinc-200 bg-white p-3 text-left text-sm font-normal text-zinc-800 no-underline shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
    >
      {summary.isPending ? (
        <span className="block text-zinc-500">Loading {id}…</span>
      ) : summary.isError ? (
        <span className="block text-red-700 dark:text-red-400">
          Could not load {id}: {summary.error.message}
        </span>
      ) : !data ? (
        <span className="block text-red-700 dark:text-red-400">There is no {id}.</span>
      ) : (
        <>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">
            {TYPE_LABEL[data.type]} <span className="font-mono">{data.id}</span>
          </span>
          <span className="mt-0.5 block font-medium break-words text-zinc-900 dark:text-zinc-50">{data.title}</span>
          <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
            {data.status ? (
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                {statusLabel(data.status)}
              </span>
            ) : null}
            <span>
              {data.type === "session" ? "Last activity" : "Updated"} <RelativeTime iso={data.lastActivityAt} />
            </span>
          </span>
          {data.mayHaveExpired ? (
            <span className="mt-1 block text-xs text-amber-700 dark:text-amber-400">May have expired: the agent may no longer have its transcript.</span>
          ) : null}
        </>
      )}
    </span>
  );
}
