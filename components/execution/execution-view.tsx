"use client";

import { useRouter } from "next/navigation";
import { PERMISSION_MODE_LABELS } from "@/lib/permissions/constants";
import { useMemo } from "react";
import { AgentBadge } from "@/components/agents/agent-badge";
import { CheckPanel } from "@/components/checks/check-panel";
import { PullRequestPanel } from "@/components/pulls/pull-request-panel";
import { ExecutionDiffPanel } from "@/components/diff/execution-diff-panel";
import { ConversationCards, TurnPrompt } from "@/components/execution/execution-conversation";
import { ExecutionDetails, elapsed } from "@/components/execution/execution-details";
import { SessionWarmBadge } from "@/components/execution/execution-launch";
import { ConsultedLine, McpCallsPanel } from "@/components/execution/execution-mcp-activity";
import { ExecutionLog } from "@/components/execution-log/execution-log";
import { ExecutionStatusBadge, ExecutionStatusDot } from "@/components/ui/execution-status-badge";
import { FollowUpForm } from "@/components/follow-up/follow-up-form";
import { ExecutionOutcomePanel } from "@/components/outcomes/execution-outcome-panel";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Breadcrumb } from "@/components/ui/page-header";
import { QueryGate } from "@/components/ui/query-gate";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import type { ExecutionDto, SessionTreeNode } from "@/lib/executions/schema";
import { formatCost, formatDuration, shortId } from "@/lib/executions/format";
import { useCancelExecution, useExecution, useIssueSessionTree } from "@/lib/executions/hooks";
import { flattenTree } from "@/lib/executions/session-tree";
import { usePrefetchExecutionLogTail } from "@/lib/executions/use-execution-log";
import { executionHref } from "@/lib/hrefs";
import { useIssue } from "@/lib/issues/hooks";
import { useSession } from "@/lib/sessions/hooks";

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

/** Where this turn sits in its conversation: the turn before it, and the turns and forks after it. */
function TurnLinks({ execution, followUps }: { execution: ExecutionDto; followUps: ReturnType<typeof useFollowUps> }) {
  const before: [string, string][] = [];
  if (execution.parentExecutionId) before.push(["Previous turn", execution.parentExecutionId]);
  if (execution.forkedFromExecutionId) before.push(["Forked from", execution.forkedFromExecutionId]);
  if (execution.restartedFromExecutionId) before.push(["Restarted from", execution.restartedFromExecutionId]);
  const after: [string, SessionTreeNode[]][] = [
    ["Next turn", followUps.continuations],
    ["Forks", followUps.forks],
    ["Restarted as", followUps.restarts],
  ];
  if (before.length === 0 && after.every(([, list]) => list.length === 0)) return null;
  return (
    <nav aria-label="Turns around this one" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
      {before.map(([label, id]) => (
        <span key={label}>
          {label} <ExecutionLink id={id} />
        </span>
      ))}
      {after.map(([label, list]) =>
        list.length ? (
          <span key={label} className="flex flex-wrap items-center gap-x-2">
            {label}
            {list.map((c) => (
              <span key={c.id} className="flex items-center gap-1">
                <ExecutionLink id={c.id} />
                <ExecutionStatusDot status={c.status} />
              </span>
            ))}
          </span>
        ) : null,
      )}
    </nav>
  );
}

/** One line under the title: the issue, the session, when, how long, what it cost. */
function TurnFacts({ execution }: { execution: ExecutionDto }) {
  const issue = useIssue(execution.issueId);
  const session = useSession(execution.managedSessionId ?? "", { enabled: Boolean(execution.managedSessionId) });
  const duration = elapsed(execution);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
      <span className="min-w-0 break-words">
        <TextLink mono href={`/issues/${execution.issueId}`}>
          {execution.issueId}
        </TextLink>
        {issue.data ? <span> {issue.data.title}</span> : null}
      </span>
      {execution.managedSessionId ? (
        <span className="min-w-0 break-words">
          · in{" "}
          <TextLink data-testid="managed-session" mono href={`/sessions/${execution.managedSessionId}`}>
            {execution.managedSessionId}
          </TextLink>
          {session.data ? <span> {session.data.title}</span> : null} <SessionWarmBadge sessionRef={execution.managedSessionId} />
        </span>
      ) : null}
      <span>
        · {execution.startedAt ? "started" : "asked"} <RelativeTime iso={execution.startedAt ?? execution.createdAt} />
      </span>
      {duration !== null ? <span>· took {formatDuration(duration)}</span> : null}
      {execution.usage?.costUsd != null ? <span>· {formatCost(execution.usage.costUsd)}</span> : null}
      {execution.permissions ? <PermissionsFact permissions={execution.permissions} /> : null}
    </p>
  );
}

/** The policy the turn ran under, as the run form words it, with its rules in the tooltip. */
function PermissionsFact({ permissions }: { permissions: NonNullable<ExecutionDto["permissions"]> }) {
  const from = { run: "this run's choice", project: "the project's policy", "agent-default": "the agent's default" }[permissions.source];
  const rules = [...permissions.allow.map((r) => `allowed: ${r}`), ...permissions.deny.map((r) => `refused: ${r}`)].join("\n");
  return (
    <span data-testid="turn-permissions" title={rules ? `${from}\n${rules}` : from}>
      · {PERMISSION_MODE_LABELS[permissions.mode]}
    </span>
  );
}

/** One execution: the conversation first (prompt at once, the agent's words as written), then what to do next; the telemetry folded away. */
export function ExecutionView({ id }: { id: string }) {
  // The end of the log loads alongside the execution, not after it.
  usePrefetchExecutionLogTail(id);
  const execution = useExecution(id);
  return (
    <QueryGate query={execution} noun="execution">
      {(data) => <ExecutionPage execution={data} />}
    </QueryGate>
  );
}

function ExecutionPage({ execution }: { execution: ExecutionDto }) {
  const router = useRouter();
  const cancel = useCancelExecution(execution.id);
  const followUps = useFollowUps(execution);
  const live = execution.status === "queued" || execution.status === "running";
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
          {execution.model ? (
            <code data-testid="execution-model" title="The model it ran with" className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">
              {execution.model}
            </code>
          ) : null}
          {execution.groupId ? (
            <TextLink data-testid="execution-group" underline href={`/groups/${execution.groupId}`} className="text-sm">
              one of {execution.groupId}: compare
            </TextLink>
          ) : null}
          {live ? (
            <Button size="sm" variant="danger" disabled={cancelRequested} aria-busy={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          ) : null}
          {cancelRequested ? <span className="text-xs text-zinc-500">Cancelling…</span> : null}
        </div>
        <TurnFacts execution={execution} />
        <TurnLinks execution={execution} followUps={followUps} />
        <ConsultedLine executionId={execution.id} />
      </header>
      {cancel.error ? <ErrorAlert title="Could not cancel">{cancel.error.message}</ErrorAlert> : null}

      <ConversationCards execution={execution} restarts={followUps.restarts} />
      <ExecutionLog
        key={execution.id}
        executionId={execution.id}
        eventCount={execution.eventCount}
        finished={!live}
        status={execution.status}
        lead={<TurnPrompt execution={execution} />}
      />
      {/* The check's verdict sits right under the turn it judged, before what to do next. */}
      <CheckPanel execution={execution} />

      <section aria-labelledby="follow-up-heading" className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="follow-up-heading" className="mb-2 text-base font-semibold">
          {live ? "Next turn" : "Continue or fork"}
        </h2>
        {/* The new turn's page is where its conversation goes on. */}
        <FollowUpForm key={execution.id} execution={execution} onCreated={(created) => router.push(executionHref(created.id))} />
      </section>

      <ExecutionDiffPanel execution={execution} />
      <PullRequestPanel execution={execution} />
      <ExecutionOutcomePanel executionId={execution.id} />
      <McpCallsPanel executionId={execution.id} />
      <ExecutionDetails execution={execution} live={live} />
    </div>
  );
}
