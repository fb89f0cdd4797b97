"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { ExecutionLog } from "@/components/executions/execution-log";
import { ExecutionStatusBadge } from "@/components/executions/execution-status-badge";
import { FollowUpForm } from "@/components/executions/follow-up-form";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { LoadingBlock } from "@/components/ui/states";
import { excerpt, formatCost, formatDuration, shortId } from "@/lib/format-execution";
import { useCancelExecution, useExecution, useStartFresh } from "@/lib/hooks/use-executions";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] items-center gap-2 py-1 text-sm">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const link = "font-medium text-emerald-700 underline-offset-2 hover:underline dark:text-emerald-400";

export function ExecutionView({ id }: { id: string }) {
  const router = useRouter();
  const { data: execution, error, isPending } = useExecution(id);
  const cancel = useCancelExecution(id);
  const startFresh = useStartFresh(id);

  if (isPending) return <LoadingBlock label="Loading execution…" />;
  if (error || !execution) return <ErrorAlert title="Could not load this execution">{error?.message ?? "Not found"}</ErrorAlert>;

  const live = execution.status === "queued" || execution.status === "running";
  const sessionGone = execution.error?.code === "session_not_found";
  const branchedAt = execution.resumeAtMessageId;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm text-zinc-500">
          <Link className={link} href={`/issues/${execution.issueId}`}>{execution.issueId}</Link> · Execution
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-xl font-semibold">#{shortId(execution.id)}</h1>
          <ExecutionStatusBadge status={execution.status} />
          {live ? (
            <Button size="sm" variant="danger" disabled={cancel.isPending || execution.status === "running" && Boolean(cancel.data)} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{excerpt(execution.prompt, 240)}</p>
      </header>

      {execution.waitingForExecutionId ? (
        <p role="status" className="rounded-md bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
          Queued as the next turn: waits for <Link className={link} href={`/executions/${execution.waitingForExecutionId}`}>#{shortId(execution.waitingForExecutionId)}</Link> to finish.
        </p>
      ) : null}

      {execution.error ? (
        <ErrorAlert title={sessionGone ? "Session expired or not found" : "The execution failed"}>
          <p>{execution.error.message}</p>
          {execution.status !== "cancelled" ? (
            <div className="mt-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={startFresh.isPending}
                onClick={() => startFresh.mutate(undefined, { onSuccess: (created) => router.push(`/executions/${created.id}`) })}
              >
                Start fresh
              </Button>
              <span className="ml-2 text-xs">Runs the same prompt in a new session, linked to this one.</span>
            </div>
          ) : null}
          {startFresh.error ? <p className="mt-2">{startFresh.error.message}</p> : null}
        </ErrorAlert>
      ) : null}
      {cancel.error ? <ErrorAlert>{cancel.error.message}</ErrorAlert> : null}

      <dl className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
        <Row label="Agent">{execution.agent}</Row>
        <Row label="Session">
          {execution.sessionId ? (
            <span className="flex flex-wrap items-center gap-2">
              <code data-testid="session-id" className="break-all font-mono text-xs">{execution.sessionId}</code>
              <CopyButton value={execution.sessionId} />
              {!execution.sessionConfirmed && !live ? <span className="text-xs text-amber-700">unconfirmed</span> : null}
            </span>
          ) : (
            <span className="text-zinc-500">{live ? "(waiting for the agent…)" : "none"}</span>
          )}
        </Row>
        {execution.parentExecutionId ? (
          <Row label="Continues">
            <Link className={link} href={`/executions/${execution.parentExecutionId}`}>#{shortId(execution.parentExecutionId)}</Link>
          </Row>
        ) : null}
        {execution.forkedFromExecutionId ? (
          <Row label="Forked from">
            <Link className={link} href={`/executions/${execution.forkedFromExecutionId}`}>#{shortId(execution.forkedFromExecutionId)}</Link>
            {execution.forkSessionId ? <span className="ml-2 font-mono text-xs text-zinc-500">session {shortId(execution.forkSessionId)}</span> : null}
            {branchedAt ? <span className="ml-2 text-xs text-zinc-500">(at its own last message)</span> : null}
          </Row>
        ) : null}
        {execution.restartedFromExecutionId ? (
          <Row label="Restarted from">
            <Link className={link} href={`/executions/${execution.restartedFromExecutionId}`}>#{shortId(execution.restartedFromExecutionId)}</Link>
          </Row>
        ) : null}
        <Row label="Usage">
          {execution.usage
            ? `${execution.usage.inputTokens.toLocaleString()} in / ${execution.usage.outputTokens.toLocaleString()} out tokens · ${formatCost(execution.usage.costUsd)} · ${formatDuration(execution.usage.durationMs)}${execution.usage.numTurns !== null ? ` · ${execution.usage.numTurns} turns` : ""}`
            : "—"}
        </Row>
        <Row label="Directory"><code className="break-all font-mono text-xs">{execution.cwd}</code></Row>
        {execution.runnerId ? <Row label="Runner">{execution.runnerId}</Row> : null}
      </dl>

      <FollowUpForm execution={execution} />

      <ExecutionLog executionId={execution.id} />
    </div>
  );
}
