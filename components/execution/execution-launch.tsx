"use client";

import { WarmBadge } from "@/components/ui/badges";
import { ExecutionLink } from "@/components/ui/text-link";
import type { ExecutionDto } from "@/lib/executions/schema";
import { formatSpanMs, timingBreakdown } from "@/lib/executions/timings";
import { useSession } from "@/lib/sessions/hooks";

// How a turn reached its agent (a new process, the session's warm process,
// a process started ahead of the run, or folded into the turn running before it) and where the time went from
// the request to the agent's first line: the hops Arbor stamps on each
// execution (lib/executions/timings.ts).

export function LaunchFact({ execution }: { execution: ExecutionDto }) {
  const launch = execution.launch;
  if (!launch) return <span className="text-zinc-500">not started</span>;
  const pid = launch.pid ? ` (process ${launch.pid})` : "";
  return (
    <span data-slot="launch" data-kind={launch.kind} className="text-sm">
      {launch.kind === "warm" ? (
        <span>
          <span className="font-medium text-orange-700 dark:text-orange-400" title="The session's warm process">
            Kept-ready agent{pid}
          </span>
          : the agent still running from the session&apos;s last turn took this one as its next message
        </span>
      ) : launch.kind === "prestarted" ? (
        <span>
          <span className="font-medium text-orange-700 dark:text-orange-400" title="Pre-started process">
            Pre-started agent{pid}
          </span>
          : launch: pre-started process. The runner had the agent started in the project&apos;s worktree, waiting for this run&apos;s prompt
        </span>
      ) : launch.kind === "steer" ? (
        <span>
          <span className="font-medium text-orange-700 dark:text-orange-400" title="Steered">
            Sent into the running turn
          </span>
          {execution.parentExecutionId ? (
            <>
              {" "}
              of <ExecutionLink id={execution.parentExecutionId} />
            </>
          ) : null}
          , which answered it
        </span>
      ) : (
        <span title="Spawned">Started the agent{pid}</span>
      )}
      {launch.reason ? <span className="text-zinc-500"> · {launch.reason}</span> : null}
    </span>
  );
}

/** "request → recorded 3.1 ms · queue → runner 5.9 ms · … = 41 ms". */
export function LaunchTimings({ execution }: { execution: ExecutionDto }) {
  const breakdown = timingBreakdown(execution.timings);
  if (!breakdown) return null;
  return (
    <span data-slot="launch-timings" className="flex flex-wrap gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
      {breakdown.spans.map((span) => (
        <span key={span.step}>
          {span.label} <span className="font-mono tabular-nums">{formatSpanMs(span.ms)}</span>
        </span>
      ))}
      <span className="font-medium">
        = <span className="font-mono tabular-nums">{formatSpanMs(breakdown.totalMs)}</span>
      </span>
    </span>
  );
}

/** The session's "warm" badge next to its link, read from the session (kept fresh by the status stream). */
export function SessionWarmBadge({ sessionRef }: { sessionRef: string }) {
  const session = useSession(sessionRef);
  return session.data ? <WarmBadge session={session.data} /> : null;
}
