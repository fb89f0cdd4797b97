"use client";

import { ExpiredBadge } from "@/components/sessions/session-badges";
import { TextLink } from "@/components/ui/text-link";
import { useSession } from "@/lib/sessions/hooks";

/** An execution's Arbor session (SESS-n): a link with its title, flagged when it may have expired. */
export function ManagedSessionLink({ id }: { id: string }) {
  const session = useSession(id);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <TextLink data-testid="managed-session" mono href={`/sessions/${id}`}>
        {id}
      </TextLink>
      {session.data ? <span className="min-w-0 [overflow-wrap:anywhere] text-zinc-700 dark:text-zinc-300">{session.data.title}</span> : null}
      {session.data ? <ExpiredBadge session={session.data} /> : null}
    </span>
  );
}
