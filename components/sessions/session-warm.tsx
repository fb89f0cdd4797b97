"use client";

import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { RelativeTime } from "@/components/ui/time";
import { useUpdateSession } from "@/lib/sessions/hooks";
import type { SessionSummary } from "@/lib/sessions/schema";

// Warm sessions on the session page: whether the session's agent process is
// kept alive for its next turn (a Continue of the latest turn then starts
// without a new process), and the person's switch to turn that off (its
// runner then closes the process, cleanly) or on again.

/** "warm" beside the session's status, while its process is kept. */
export function WarmBadge({ session }: { session: Pick<SessionSummary, "warm"> }) {
  if (!session.warm) return null;
  return (
    <span
      data-slot="warm-badge"
      title="The agent's process is kept alive: a Continue of the latest turn starts without a new process"
      className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-800 dark:bg-orange-950 dark:text-orange-300"
    >
      warm
    </span>
  );
}

export function WarmFact({ session }: { session: Pick<SessionSummary, "id" | "warm" | "keepWarm"> }) {
  const update = useUpdateSession(session.id);
  const toggle = (
    <Button size="sm" variant="ghost" disabled={update.isPending} aria-busy={update.isPending} onClick={() => update.mutate({ keepWarm: !session.keepWarm })}>
      {session.keepWarm ? "Turn off warm sessions" : "Turn warm sessions on"}
    </Button>
  );
  return (
    <span data-slot="session-warm" data-state={session.warm ? "warm" : session.keepWarm ? "cold" : "off"} className="flex flex-wrap items-center gap-2">
      {session.warm ? (
        <span>
          <span className="font-medium text-orange-700 dark:text-orange-400">Warm</span>
          <span className="text-zinc-500">
            {" "}
            · the agent&apos;s process{session.warm.pid ? ` (pid ${session.warm.pid})` : ""} on {session.warm.runnerId} is kept for the next turn: a Continue of
            the latest turn starts without a new process · closes <RelativeTime iso={session.warm.until} /> if nothing comes
          </span>
        </span>
      ) : session.keepWarm ? (
        <span className="text-zinc-500">Not warm: the next turn starts the agent&apos;s process (after a completed turn it is kept for a while)</span>
      ) : (
        <span className="text-zinc-500">Off: every turn of this session starts its own agent process</span>
      )}
      {toggle}
      {update.error ? <ErrorAlert title="Could not change warm sessions">{update.error.message}</ErrorAlert> : null}
    </span>
  );
}
