"use client";

import { AgentBadge } from "@/components/agents/agent-badge";
import { agentName } from "@/lib/agents/names";
import { useMemo, type ReactNode } from "react";
import { ExecutionDiffPanel } from "@/components/diff/execution-diff-panel";
import { LaunchFact, LaunchTimings, SessionWarmBadge } from "@/components/executions/execution-launch";
import { ExecutionLog } from "@/components/executions/execution-log";
import { ExecutionStatusBadge, ExecutionStatusDot } from "@/components/executions/execution-status-badge";
import { ResumeBadge, StartFreshActions } from "@/components/executions/execution-resume";
import { FollowUpForm } from "@/components/executions/follow-up-form";
import { ExecutionApprovals } from "@/components/approvals/execution-approvals";
import { ManagedSessionLink } from "@/components/sessions/managed-session-link";
import { InsightsLink } from "@/components/insights/insights-link";
import { ExecutionOutcomePanel } from "@/components/outcomes/execution-outcome-panel";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Breadcrumb } from "@/components/ui/page-header";
import { QueryGate } from "@/components/ui/query-gate";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import type { ExecutionDto, SessionTreeNode } from "@/lib/executions/schema";
import { formatCost, formatDuration, formatTokens, shortId } from "@/lib/executions/format";
import { useCancelExecution, useExecution, useIssueSessionTree } from "@/lib/executions/hooks";
import { usePrefetchExecutionLogTail } from "@/lib/executions/use-execution-log";
import { useIssue } from "@/lib/issues/hooks";
import { flattenTree } from "@/lib/executions/session-tree";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 font-mono text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function elapsed(execution: ExecutionDto): number | null {
  if (execution.usage?.durationMs != null) return execution.usage.durationMs;
  if (execution.startedAt && execution.finishedAt) return new Date(execution.finishedAt).getTime() - new Date(execution.startedAt).getTime();
  return null;
}

/** Continuations and forks made from this execution, read from its issue's session tree. */
function useFollowUps(execution: ExecutionDto): { continuations: SessionTreeNode[]; forks: SessionTreeNode[]; restarts: SessionTreeNode[] } {
  const tree = useIssueSessionTree(execution.issueId);
  return useMemo(() => {
    const node = tree.data ? flattenTree(tree.data.roots).find((n) => n.id === execution.id) : undefined;
    const children = node?.children ?? [];
    const withEdge = (edge: SessionTreeNode["edge"]) => children.filter((c) => c.edge === edge);
    return { continuations: withEdge("continue"), forks: withEdge("fork"), restarts: withEdge("restarted") };
  }, [tree.data, execution]);
}

/** A row of links to related executions (its next turns, its forks), each with its status. */
function LinkedExecutionsRow({ label, executions }: { label: string; executions: { id: string; status: ExecutionDto["status"] }[] }) {
  if (executions.length === 0) return null;
  return (
    <Row label={label}>
      <span className="flex flex-wrap gap-2">
        {executions.map((c) => (
          <span key={c.id} className="flex items-center gap-1">
            <ExecutionLink id={c.id} />
            <ExecutionStatusDot status={c.status} />
          </span>
        ))}
      </span>
    </Row>
  );
}

/** One execution: what ran, its session, usage, Continue / Fork, and the live log. */
export function ExecutionView({ id }: { id: string }) {
  // The end of the log loads alongside the execution, not after it.
  usePrefetchExecutionLogTail(id);
  const execution = useExecution(id);
  return (
    <QueryGate query={execution} noun="execution">
      {(data) => <ExecutionDetails execution={data} />}
    </QueryGate>
  );
}

function ExecutionDetails({ execution }: { execution: ExecutionDto }) {
  const id = execution.id;
  const issue = useIssue(execution.issueId);
  const cancel = useCancelExecution(id);
  const followUps = useFollowUps(execution);

  const live = execution.status === "queued" || execution.status === "running";
  const sessionGone = execution.error?.code === "session_not_found";
  const duration = elapsed(execution);
  const cancelRequested = cancel.isPending || (cancel.isSuccess && live);

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Breadcrumb trail={[{ label: "Issues", href: "/issues" }, { label: <span className="font-mono">{execution.issueId}</span> }, { label: "Execution" }]} />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold tracking-tight">
            Execution <span className="font-mono">#{shortId(execution.id)}</span>
          </h1>
          <ExecutionStatusBadge status={execution.status} refusedActions={execution.refusedActions} waiting={execution.waitingFor !== null} />
          <AgentBadge agent={execution.agent} />
          {live ? (
            <Button size="sm" variant="danger" disabled={cancelRequested} aria-busy={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          ) : null}
          {cancelRequested ? <span className="text-xs text-zinc-500">Cancelling…</span> : null}
        </div>
      </header>

      {/* What the agent waits for a person to decide, decided in place (components/approvals/). */}
      <ExecutionApprovals executionId={execution.id} waiting={execution.waitingFor !== null} />

      <ResumeBadge execution={execution} />

      {execution.waitingForExecutionId ? (
        <p role="status" className="rounded-md border border-zinc-200 bg-zinc-100 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800">
          Queued as the next turn: starts when <ExecutionLink id={execution.waitingForExecutionId} /> finishes.
        </p>
      ) : null}

      {execution.error ? (
        <ErrorAlert title={sessionGone ? "Session expired or not found" : execution.status === "cancelled" ? "Cancelled" : "The execution failed"}>
          <p className="whitespace-pre-wrap">{execution.error.message}</p>
          {followUps.restarts.length ? (
            <p className="mt-2" data-slot="restarted-as">
              {followUps.restarts.some((r) => r.resume?.reason === "resume_rejected") ? "The conversation goes on in " : "Restarted as "}
              {followUps.restarts.map((r, i) => (
                <span key={r.id}>
                  {i ? ", " : ""}
                  <ExecutionLink id={r.id} />
                </span>
              ))}
              .
            </p>
          ) : null}
          {sessionGone || execution.status === "failed" || execution.status === "interrupted" ? (
            <StartFreshActions execution={execution} primary={sessionGone && followUps.restarts.length === 0} />
          ) : null}
        </ErrorAlert>
      ) : null}
      {cancel.error ? <ErrorAlert title="Could not cancel">{cancel.error.message}</ErrorAlert> : null}

      <section aria-label="Details" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <dl className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
          <Row label="Issue">
            <TextLink href={`/issues/${execution.issueId}`}>{execution.issueId}</TextLink>
            {issue.data ? <span className="text-zinc-600 dark:text-zinc-400"> ({issue.data.title})</span> : null}
          </Row>
          <Row label="Agent">
            {agentName(execution.agent)}
            {execution.runtime?.version ? <span className="text-zinc-600 dark:text-zinc-400"> {execution.runtime.version}</span> : null}{" "}
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
          <Row label="Session">
            {execution.sessionId ? (
              <span className="flex flex-wrap items-center gap-2">
                <code data-testid="session-id" className="break-all font-mono text-xs">
                  {execution.sessionId}
                </code>
                <CopyButton value={execution.sessionId} />
                {!execution.sessionConfirmed && !live ? <span className="text-xs text-amber-700 dark:text-amber-400">unconfirmed</span> : null}
              </span>
            ) : (
              <span className="text-zinc-500">{live ? "(extracting…)" : "none"}</span>
            )}
          </Row>
          {execution.managedSessionId ? (
            <Row label="Arbor session">
              <span className="flex flex-wrap items-center gap-2">
                <ManagedSessionLink id={execution.managedSessionId} />
                <SessionWarmBadge sessionRef={execution.managedSessionId} />
              </span>
            </Row>
          ) : null}
          {execution.parentExecutionId ? (
            <Row label="Continues">
              <ExecutionLink id={execution.parentExecutionId} />
            </Row>
          ) : null}
          {execution.forkedFromExecutionId ? (
            <Row label="Forked from">
              <ExecutionLink id={execution.forkedFromExecutionId} />
              {execution.forkSessionId ? <span className="ml-2 font-mono text-xs text-zinc-500">session {shortId(execution.forkSessionId)}</span> : null}
              {execution.resumeAtMessageId ? <span className="ml-2 text-xs text-zinc-500">(at its own last message)</span> : null}
            </Row>
          ) : null}
          {execution.restartedFromExecutionId ? (
            <Row label="Restarted from">
              <ExecutionLink id={execution.restartedFromExecutionId} />
            </Row>
          ) : null}
          <LinkedExecutionsRow label="Next turn" executions={followUps.continuations} />
          <LinkedExecutionsRow label="Forks" executions={followUps.forks} />
          <LinkedExecutionsRow label="Restarted as" executions={followUps.restarts} />
          <Row label="Directory">
            <code className="break-all font-mono text-xs">{execution.cwd}</code>
          </Row>
          {execution.runnerId ? <Row label="Runner">{execution.runnerId}</Row> : null}
          {execution.launch || execution.timings ? (
            <Row label="Launch">
              <span className="flex flex-col gap-1">
                <LaunchFact execution={execution} />
                <LaunchTimings execution={execution} />
              </span>
            </Row>
          ) : null}
        </dl>

        <div className="space-y-4">
          <dl aria-label="Usage" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Stat label="Cost" value={formatCost(execution.usage?.costUsd)} />
            <Stat label="Duration" value={formatDuration(duration)} />
            <Stat label="Turns" value={execution.usage?.numTurns != null ? String(execution.usage.numTurns) : "—"} />
            <Stat label="Input tokens" value={formatTokens(execution.usage?.inputTokens)} />
            <Stat label="Output tokens" value={formatTokens(execution.usage?.outputTokens)} />
            <Stat label="Events" value={execution.eventCount.toLocaleString()} />
            {execution.usage?.cacheReadTokens ? <Stat label="Cache read" value={execution.usage.cacheReadTokens.toLocaleString()} /> : null}
            {execution.telemetry.savedInputTokens ? (
              <Stat label="Saved by resume" value={`≈ ${execution.telemetry.savedInputTokens.toLocaleString()}`} />
            ) : null}
            {execution.resume?.decision === "fresh_with_transcript" && execution.telemetry.transcriptTokens ? (
              <Stat label="Transcript carried" value={`≈ ${execution.telemetry.transcriptTokens.toLocaleString()}`} />
            ) : null}
          </dl>
          <div className="rounded-lg border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">Prompt</h2>
            <p className="mt-1 max-h-40 overflow-y-auto whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200">{execution.prompt}</p>
          </div>
        </div>
      </section>

      <ExecutionDiffPanel execution={execution} />
      <ExecutionOutcomePanel executionId={execution.id} />

      <section aria-labelledby="follow-up-heading" className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="follow-up-heading" className="mb-2 text-base font-semibold">
          {live ? "Next turn" : "Continue or fork"}
        </h2>
        <FollowUpForm key={execution.id} execution={execution} />
      </section>

      <ExecutionLog key={execution.id} executionId={execution.id} eventCount={execution.eventCount} finished={!live} />
    </div>
  );
}
