"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, type ReactNode } from "react";
import { ExecutionLog } from "@/components/executions/execution-log";
import { ExecutionStatusBadge, ExecutionStatusDot } from "@/components/executions/execution-status-badge";
import { FollowUpForm } from "@/components/executions/follow-up-form";
import { ManagedSessionLink } from "@/components/sessions/managed-session-link";
import { InsightsLink } from "@/components/insights/insights-link";
import { ExecutionOutcomePanel } from "@/components/outcomes/execution-outcome-panel";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { isApiError } from "@/lib/api-client";
import type { ExecutionDto, SessionTreeNode } from "@/lib/execution-types";
import { formatCost, formatDuration, shortId } from "@/lib/format-execution";
import { useCancelExecution, useExecution, useIssueSessionTree, useStartFresh } from "@/lib/hooks/use-executions";
import { usePrefetchExecutionLogTail } from "@/lib/hooks/use-execution-log";
import { useIssue } from "@/lib/hooks/use-issues";
import { flattenTree } from "@/lib/session-tree";

const link = "rounded font-medium text-emerald-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function ExecLink({ id }: { id: string }) {
  return (
    <Link className={`${link} font-mono`} href={`/executions/${id}`}>
      #{shortId(id)}
    </Link>
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
function useFollowUps(execution: ExecutionDto): { continuations: SessionTreeNode[]; forks: SessionTreeNode[] } {
  const tree = useIssueSessionTree(execution.issueId, { live: true });
  return useMemo(() => {
    const node = tree.data ? flattenTree(tree.data.roots).find((n) => n.id === execution.id) : undefined;
    const children = node?.children ?? [];
    return { continuations: children.filter((c) => c.edge === "continue"), forks: children.filter((c) => c.edge === "fork") };
  }, [tree.data, execution]);
}

/** One execution: what ran, its session, usage, Continue / Fork, and the live log (the seed's ExecutionView). */
/** A row of links to related executions (its next turns, its forks), each with its status. */
function LinkedExecutionsRow({ label, executions }: { label: string; executions: { id: string; status: ExecutionDto["status"] }[] }) {
  if (executions.length === 0) return null;
  return (
    <Row label={label}>
      <span className="flex flex-wrap gap-2">
        {executions.map((c) => (
          <span key={c.id} className="flex items-center gap-1">
            <ExecLink id={c.id} />
            <ExecutionStatusDot status={c.status} />
          </span>
        ))}
      </span>
    </Row>
  );
}

export function ExecutionView({ id }: { id: string }) {
  // The end of the log loads alongside the execution, not after it.
  usePrefetchExecutionLogTail(id);
  const { data: execution, error, isPending } = useExecution(id);
  if (isPending) return <LoadingBlock label="Loading execution…" />;
  if (error || !execution) {
    return (
      <ErrorAlert title={isApiError(error) && error.status === 404 ? "Execution not found" : "Could not load this execution"}>
        {error?.message ?? "Not found"}
      </ErrorAlert>
    );
  }
  return <ExecutionDetails execution={execution} />;
}

function ExecutionDetails({ execution }: { execution: ExecutionDto }) {
  const id = execution.id;
  const router = useRouter();
  const issue = useIssue(execution.issueId);
  const cancel = useCancelExecution(id);
  const startFresh = useStartFresh(id);
  const followUps = useFollowUps(execution);

  const live = execution.status === "queued" || execution.status === "running";
  const sessionGone = execution.error?.code === "session_not_found";
  const duration = elapsed(execution);
  const cancelRequested = cancel.isPending || (cancel.isSuccess && live);

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <nav aria-label="Breadcrumb" className="text-sm text-zinc-500 dark:text-zinc-400">
          <Link className="hover:underline" href="/issues">
            Issues
          </Link>{" "}
          /{" "}
          <span className="font-mono">{execution.issueId}</span> / Execution
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold tracking-tight">
            Execution <span className="font-mono">#{shortId(execution.id)}</span>
          </h1>
          <ExecutionStatusBadge status={execution.status} />
          {live ? (
            <Button size="sm" variant="danger" disabled={cancelRequested} aria-busy={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          ) : null}
          {cancelRequested ? <span className="text-xs text-zinc-500">Cancelling…</span> : null}
        </div>
      </header>

      {execution.waitingForExecutionId ? (
        <p role="status" className="rounded-md border border-zinc-200 bg-zinc-100 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800">
          Queued as the next turn: starts when <ExecLink id={execution.waitingForExecutionId} /> finishes.
        </p>
      ) : null}

      {execution.error ? (
        <ErrorAlert title={sessionGone ? "Session expired or not found" : execution.status === "cancelled" ? "Cancelled" : "The execution failed"}>
          <p className="whitespace-pre-wrap">{execution.error.message}</p>
          {sessionGone || execution.status === "failed" || execution.status === "interrupted" ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                size="sm"
                variant={sessionGone ? "primary" : "secondary"}
                disabled={startFresh.isPending}
                onClick={() => startFresh.mutate(undefined, { onSuccess: (created) => router.push(`/executions/${created.id}`) })}
              >
                Start fresh
              </Button>
              <span className="text-xs">Runs the same prompt in a new session, linked to this one.</span>
            </div>
          ) : null}
          {startFresh.error ? <p className="mt-2">{startFresh.error.message}</p> : null}
        </ErrorAlert>
      ) : null}
      {cancel.error ? <ErrorAlert title="Could not cancel">{cancel.error.message}</ErrorAlert> : null}

      <section aria-label="Details" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <dl className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
          <Row label="Issue">
            <Link className={link} href={`/issues/${execution.issueId}`}>
              {execution.issueId}
            </Link>
            {issue.data ? <span className="text-zinc-600 dark:text-zinc-400"> ({issue.data.title})</span> : null}
          </Row>
          <Row label="Agent">{execution.agent} <InsightsLink filters={{ agent: execution.agent }}>(insights)</InsightsLink></Row>
          <Row label="Time">
            <span className="text-zinc-700 dark:text-zinc-300">
              created <RelativeTime iso={execution.createdAt} />
              {execution.startedAt ? (
                <>
                  {" "}· started <RelativeTime iso={execution.startedAt} />
                </>
              ) : null}
              {execution.finishedAt ? (
                <>
                  {" "}· ended <RelativeTime iso={execution.finishedAt} />
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
              <ManagedSessionLink id={execution.managedSessionId} />
            </Row>
          ) : null}
          {execution.parentExecutionId ? (
            <Row label="Continues">
              <ExecLink id={execution.parentExecutionId} />
            </Row>
          ) : null}
          {execution.forkedFromExecutionId ? (
            <Row label="Forked from">
              <ExecLink id={execution.forkedFromExecutionId} />
              {execution.forkSessionId ? <span className="ml-2 font-mono text-xs text-zinc-500">session {shortId(execution.forkSessionId)}</span> : null}
              {execution.resumeAtMessageId ? <span className="ml-2 text-xs text-zinc-500">(at its own last message)</span> : null}
            </Row>
          ) : null}
          {execution.restartedFromExecutionId ? (
            <Row label="Restarted from">
              <ExecLink id={execution.restartedFromExecutionId} />
            </Row>
          ) : null}
          <LinkedExecutionsRow label="Next turn" executions={followUps.continuations} />
          <LinkedExecutionsRow label="Forks" executions={followUps.forks} />
          <Row label="Directory">
            <code className="break-all font-mono text-xs">{execution.cwd}</code>
          </Row>
          {execution.runnerId ? <Row label="Runner">{execution.runnerId}</Row> : null}
        </dl>

        <div className="space-y-4">
          <dl aria-label="Usage" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Stat label="Cost" value={formatCost(execution.usage?.costUsd)} />
            <Stat label="Duration" value={formatDuration(duration)} />
            <Stat label="Turns" value={execution.usage?.numTurns != null ? String(execution.usage.numTurns) : "—"} />
            <Stat label="Input tokens" value={execution.usage ? execution.usage.inputTokens.toLocaleString() : "—"} />
            <Stat label="Output tokens" value={execution.usage ? execution.usage.outputTokens.toLocaleString() : "—"} />
            <Stat label="Events" value={execution.eventCount.toLocaleString()} />
          </dl>
          <div className="rounded-lg border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">Prompt</h2>
            <p className="mt-1 max-h-40 overflow-y-auto whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200">{execution.prompt}</p>
          </div>
        </div>
      </section>

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
