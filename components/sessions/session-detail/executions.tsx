// The session page's list of turns (its executions, oldest first), the head marked.
import { ExecutionStatusBadge } from "@/components/executions/execution-status-badge";
import { Section } from "@/components/ui/section";
import { ExecutionLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import type { ExecutionDto } from "@/lib/executions/schema";
import { excerpt, formatCost } from "@/lib/executions/format";
import type { SessionDetail } from "@/lib/sessions/schema";

function edgeOf(execution: ExecutionDto, index: number): string {
  if (execution.parentExecutionId) return "continue";
  if (execution.forkedFromExecutionId) return execution.resume?.decision === "fresh_with_transcript" ? "from Arbor's transcript" : "fork start";
  if (execution.restartedFromExecutionId) return execution.resume?.decision === "fresh_with_transcript" ? "restart, from Arbor's transcript" : "restart";
  return index === 0 ? "start" : "turn";
}

export function SessionExecutions({ session }: { session: SessionDetail }) {
  return (
    <Section id="session-executions-heading" title="Executions" count={session.executions.length}>
      {session.executions.length === 0 ? (
        <p className="text-sm text-zinc-500">No executions recorded for this session.</p>
      ) : (
        <ol
          aria-label={`Executions of ${session.id}`}
          className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {session.executions.map((e, index) => (
            <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
              <span className="w-5 text-right text-xs tabular-nums text-zinc-400">{index + 1}</span>
              <ExecutionLink id={e.id} />
              <ExecutionStatusBadge status={e.status} />
              <span className="text-xs text-zinc-500">{edgeOf(e, index)}</span>
              {e.id === session.headExecutionId ? (
                <span className="rounded bg-emerald-50 px-1.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">head</span>
              ) : null}
              <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300" title={e.prompt}>
                {excerpt(e.prompt, 120)}
              </span>
              <span className="text-xs text-zinc-500">
                {e.usage ? `${formatCost(e.usage.costUsd)} · ` : ""}
                <RelativeTime iso={e.finishedAt ?? e.startedAt ?? e.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
