"use client";

import Link from "next/link";
import { ExpiredBadge } from "@/components/sessions/session-badges";
import { useSession } from "@/lib/hooks/use-sessions";

/** An execution's Arbor session (SESS-n): a link with its title, flagged when it may have expired. */
export function ManagedSessionLink({ id }: { id: string }) {
  const session = useSession(id);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Link
        data-testid="managed-session"
        href={`/sessions/${id}`}
        className="rounded font-mono font-medium text-emerald-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400"
      >
        {id}
      </Link>
      {session.data ? <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">{session.data.title}</span> : null}
      {session.data ? <ExpiredBadge session={session.data} /> : null}
    </span>
  );
}
