"use client";

// The execution page's "Details", folded away under a disclosure: what a
// person rarely needs while following the conversation (the agent's own
// session id, the directory, the machine, how the turn reached its agent
// and where its start-up time went, tokens and what resume saved). The
// precise terms stay here and in tooltips.
import { LaunchFact, LaunchTimings } from "@/components/execution/execution-launch";
import { ResumeBadge } from "@/components/execution/execution-resume";
import { stateRestoreText } from "@/lib/executions/state-restore-text";
import { InsightsLink } from "@/components/ui/insights-link";
import { CopyButton } from "@/components/ui/copy-button";
import { Disclosure } from "@/components/ui/disclosure";
import { FactRow as Row } from "@/components/ui/fact-row";
import { ExecutionLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { agentName } from "@/lib/agents/names";
import { formatCost, formatDuration, formatTokens, shortId } from "@/lib/executions/format";
import type { ExecutionDto } from "@/lib/executions/schema";
import { formatCount } from "@/lib/format";

function Stat({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900" title={title}>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 font-mono text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** How long the turn took: the agent's own figure, else start to end. */
export function elapsed(execution: ExecutionDto): number | null {
  if (execution.usage?.durationMs != null) return execution.usage.durationMs;
  if (execution.startedAt && execution.finishedAt) return new Date(execution.finishedAt).getTime() - new Date(execution.startedAt).getTime();
  return null;
}

export function ExecutionDetails({ execution, live }: { execution: ExecutionDto; live: boolean }) {
  // A turn that carried Arbor's transcript is said up top (the agent did not have its own memory); the rest is telemetry.
  const resumeIsTelemetry = execution.resume?.decision !== "fresh_with_transcript" && execution.resume?.reason !== "worktree_gone";
  return (
    <Disclosure title="Details" hint="agent, session, directory, machine, timings and tokens" slot="execution-details">
      <div className="grid gap-4 px-4 py-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <dl>
          <Row label="Agent">
            {agentName(execution.agent)}
            {execution.runtime?.version ? <span className="text-zinc-600 dark:text-zinc-400"> {execution.runtime.version}</span> : null}
            {execution.model ? (
              <span className="text-zinc-600 dark:text-zinc-400">
                {" "}
                · model <code className="font-mono text-xs">{execution.model}</code>
              </span>
            ) : null}{" "}
            <InsightsLink filters={{ agent: execution.agent }}>(insights)</InsightsLink>
          </Row>
          <Row label="Time">
            <span className="text-zinc-700 dark:text-zinc-300">
              created <RelativeTime iso={execution.createdAt} />
              {execution.startedAt ? (
                <>
                  {" "}
                  · started <RelativeTime iso={execution.startedAt} />
                </>
              ) : null}
              {execution.finishedAt ? (
                <>
                  {" "}
                  · ended <RelativeTime iso={execution.finishedAt} />
                </>
              ) : null}
            </span>
          </Row>
          <Row label="Agent's session id" title="The id the agent CLI gave its session (what --resume takes)">
            {execution.sessionId ? (
              <span className="flex flex-wrap items-center gap-2">
                <code data-testid="session-id" className="break-all font-mono text-xs">
                  {execution.sessionId}
                </code>
                <CopyButton value={execution.sessionId} />
                {!execution.sessionConfirmed && !live ? <span className="text-xs text-amber-700 dark:text-amber-400">unconfirmed</span> : null}
              </span>
            ) : (
              <span className="text-zinc-500">{live ? "(not known yet)" : "none"}</span>
            )}
          </Row>
          {execution.forkedFromExecutionId && execution.forkSessionId ? (
            <Row label="Branched from">
              <ExecutionLink id={execution.forkedFromExecutionId} />
              <span className="ml-2 font-mono text-xs text-zinc-500">session {shortId(execution.forkSessionId)}</span>
              {execution.resumeAtMessageId ? <span className="ml-2 text-xs text-zinc-500">(at its own last message)</span> : null}
            </Row>
          ) : null}
          <Row label="Directory">
            <code className="break-all font-mono text-xs">{execution.cwd}</code>
          </Row>
          {execution.runnerId ? (
            <Row label="Machine" title="The runner that ran the agent (ARBOR_RUNNER_ID)">
              {execution.runnerId}
            </Row>
          ) : null}
          {stateRestoreText(execution.stateRestore) ? (
            <Row label="Session state" title="The agent's own session state, written back from Arbor's copy in PostgreSQL because this machine lacked it">
              <span data-testid="state-restore">{stateRestoreText(execution.stateRestore)}</span>
            </Row>
          ) : null}
          {execution.launch || execution.timings ? (
            <Row label="Start-up" title="How the turn reached its agent, and the time of each step from the request to the agent's first line">
              <span className="flex flex-col gap-1">
                <LaunchFact execution={execution} />
                <LaunchTimings execution={execution} />
              </span>
            </Row>
          ) : null}
        </dl>
        <div className="space-y-3">
          <dl aria-label="Usage" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Stat label="Cost" value={formatCost(execution.usage?.costUsd)} />
            <Stat label="Duration" value={formatDuration(elapsed(execution))} />
            <Stat
              label="Model calls"
              title="Turns, as the agent counts them"
              value={execution.usage?.numTurns != null ? String(execution.usage.numTurns) : "—"}
            />
            <Stat label="Input tokens" value={formatTokens(execution.usage?.inputTokens)} />
            <Stat label="Output tokens" value={formatTokens(execution.usage?.outputTokens)} />
            <Stat label="Log entries" value={formatCount(execution.eventCount)} />
            {execution.usage?.cacheReadTokens ? <Stat label="Cache read" value={formatCount(execution.usage.cacheReadTokens)} /> : null}
            {execution.telemetry.savedInputTokens ? <Stat label="Saved by resume" value={`≈ ${formatCount(execution.telemetry.savedInputTokens)}`} /> : null}
            {execution.resume?.decision === "fresh_with_transcript" && execution.telemetry.transcriptTokens ? (
              <Stat label="Transcript carried" value={`≈ ${formatCount(execution.telemetry.transcriptTokens)}`} />
            ) : null}
          </dl>
          {resumeIsTelemetry ? <ResumeBadge execution={execution} /> : null}
        </div>
      </div>
    </Disclosure>
  );
}
