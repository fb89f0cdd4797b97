// The sessions forked from this one.
import Link from "next/link";
import { ArchivedBadge } from "@/components/sessions/session-badges";
import { Section } from "@/components/ui/section";
import { RelativeTime } from "@/components/ui/time";
import { shortId } from "@/lib/executions/format";
import type { SessionDetail } from "@/lib/sessions/schema";

export function ChildSessions({ session }: { session: SessionDetail }) {
  if (session.childSessions.length === 0) return null;
  return (
    <Section id="child-sessions-heading" title="Forks of this session" count={session.childSessions.length}>
      <ul
        aria-label={`Forks of ${session.id}`}
        className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {session.childSessions.map((child) => (
          <li key={child.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
            <span className="font-mono text-xs text-zinc-500">{child.id}</span>
            <Link
              className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere] text-zinc-900 hover:underline dark:text-zinc-100"
              href={`/sessions/${child.id}`}
            >
              {child.title}
            </Link>
            {child.archived ? <ArchivedBadge /> : null}
            {child.forkedFromExecutionId ? (
              <span className="text-xs text-zinc-500">
                from <span className="font-mono">#{shortId(child.forkedFromExecutionId)}</span>
              </span>
            ) : null}
            <span className="text-xs text-zinc-500">
              active <RelativeTime iso={child.lastActivityAt} />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
