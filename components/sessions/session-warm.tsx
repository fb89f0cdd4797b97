"use client";

import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { RelativeTime } from "@/components/ui/time";
import { useUpdateSession } from "@/lib/sessions/hooks";
import type { SessionSummary } from "@/lib/sessions/schema";

// Warm sessions on the session page: whether the session's agent process is
// kept alive for its next turn (a Continue of the latest turn then starts
// without a new process), and the person's switch to turn that off (its
// runner then closes the process, cleanly) or on again. (The "kept ready"
// badge beside a status, shared with the execution page: components/ui/badges.tsx.)

export function WarmFact({ session }: { session: Pick<SessionSummary, "id" | "warm" | "keepWarm"> }) {
  const update = useUpdateSession(session.id);
  const toggle = (
    <Button size="sm" variant="ghost" disabled={update.isPending} aria-busy={update.isPending} onClick={() => update.mutate({ keepWarm: !session.keepWarm })}>
      {session.keepWarm ? "Don't keep it ready" : "Keep it ready between turns"}
    </Button>
  );
  return (
    <span data-slot="session-warm" data-state={session.warm ? "warm" : session.keepWarm ? "cold" : "off"} className="flex flex-wrap items-center gap-2">
      {session.warm ? (
        <span>
          <span className="font-medium text-orange-700 dark:text-orange-400" title="A warm session">
            Kept ready
          </span>
          <span className="text-zinc-500">
            {" "}
            · the agent is still running on {session.warm.runnerId}
            {session.warm.pid ? ` (process ${session.warm.pid})` : ""}, so continuing the latest turn starts at once · it stops{" "}
            <RelativeTime iso={session.warm.until} /> if nothing comes
          </span>
        </span>
      ) : session.keepWarm ? (
        <span className="text-zinc-500">Not ready now: the next turn starts the agent afresh (after a turn ends, it is kept ready for a while)</span>
      ) : (
        <span className="text-zinc-500">Off: every turn of this session starts the agent afresh</span>
      )}
      {toggle}
      {update.error ? <ErrorAlert title="Could not change it">{update.error.message}</ErrorAlert> : null}
    </span>
  );
}
