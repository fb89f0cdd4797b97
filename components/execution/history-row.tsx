"use client";

import { AgentBadge } from "@/components/agents/agent-badge";
import { followUpActions, type FollowUpActions } from "@/lib/agents/actions";
import { useAgents } from "@/lib/agents/hooks";
import { agentName } from "@/lib/agents/names";
import { useRouter } from "next/navigation";
import { memo, useMemo, useRef } from "react";
import { CheckBadge } from "@/components/checks/check-badge";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { FollowUpForm } from "@/components/follow-up/follow-up-form";
import { followUpBlocker } from "@/lib/executions/follow-up-rules";
import { Button } from "@/components/ui/button";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import type { SessionTreeNode } from "@/lib/executions/schema";
import { excerpt, formatCost, formatDuration, shortId } from "@/lib/executions/format";
import { useStartFresh, type FollowUpMode } from "@/lib/executions/hooks";
import { executionHref } from "@/lib/hrefs";

function StartFreshButton({ id }: { id: string }) {
  const router = useRouter();
  const startFresh = useStartFresh(id);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        title="The same prompt in a new session, carrying Arbor's transcript of the conversation before it"
        disabled={startFresh.isPending}
        onClick={() => startFresh.mutate(undefined, { onSuccess: (created) => router.push(executionHref(created.id)) })}
      >
        Start fresh
      </Button>
      {startFresh.error ? <span className="text-xs text-red-700 dark:text-red-400">{startFresh.error.message}</span> : null}
    </>
  );
}

export type AgentActions = FollowUpActions & { name: string };

const FOLLOW_UPS: ReadonlyArray<{ mode: FollowUpMode; label: string }> = [
  { mode: "continue", label: "Continue" },
  { mode: "fork", label: "Fork" },
];

/**
 * Each agent's follow-ups, read once for the whole list: a thousand rows each
 * subscribing to the agents query (useAgentActions) cost a thousand
 * observers, and a re-render of every row when the list arrived. Until it is
 * in (or for an agent the server no longer knows) every action shows, as
 * useAgentActions does: the server answers with the reason if one cannot run.
 */
export function useActionsByAgent(): (id: string) => AgentActions {
  const agents = useAgents().data?.agents;
  // One object per distinct set of actions, kept across answers: when the
  // agents arrive (after the list has drawn) and say what the fallback
  // assumed, the memoized rows get the same prop and do not render again.
  const interned = useRef(new Map<string, AgentActions>());
  return useMemo(() => {
    const intern = (actions: AgentActions) => {
      const key = `${actions.hasSessions}|${actions.nativeFork}|${actions.forkAtMessage}|${actions.name}`;
      const found = interned.current.get(key);
      if (found) return found;
      interned.current.set(key, actions);
      return actions;
    };
    const known = new Map<string, AgentActions>();
    for (const a of agents ?? []) known.set(a.id, intern({ ...followUpActions(a.sessions.capabilities), name: a.displayName }));
    return (id: string) => known.get(id) ?? intern({ hasSessions: true, nativeFork: true, forkAtMessage: true, name: agentName(id) });
  }, [agents]);
}

/**
 * One row's content (its <li> belongs to the list, which places it). Which
 * form is open is the list's state, not the row's: a row scrolled out of the
 * window unmounts, and must come back as it was left.
 *
 * The links do not prefetch: a thousand rows made three thousand <Link>s,
 * each parsing its URL and registering with Next's viewport observer at
 * mount; they still navigate client-side.
 */
export const HistoryRowContent = memo(function HistoryRowContent({
  node,
  depth,
  selected,
  onSelect,
  agent,
  open,
  onToggle,
}: {
  node: SessionTreeNode;
  depth: number;
  selected: boolean;
  onSelect: (id: string, on: boolean) => void;
  agent: AgentActions;
  open: FollowUpMode | null;
  onToggle: (id: string, mode: FollowUpMode) => void;
}) {
  const formId = `history-form-${node.id}`;
  const blocked = followUpBlocker(node, agent);
  const sessionGone = node.error?.code === "session_not_found";
  return (
    <>
      <div className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm", depth > 0 ? "border-l-2 border-violet-200 pl-3 dark:border-violet-900" : "")}>
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(node.id, e.target.checked)}
          aria-label={`Select #${shortId(node.id)} to compare`}
          className="size-4 rounded accent-violet-600"
        />
        {node.edge === "fork" ? (
          <span className="rounded border border-violet-300 px-1 text-[10px] font-semibold uppercase text-violet-700 dark:border-violet-700 dark:text-violet-300">
            fork
          </span>
        ) : (
          <span aria-hidden="true" className="w-3 text-center text-zinc-400" title={node.edge === "restarted" ? "restart" : undefined}>
            {node.edge === "continue" ? "↳" : node.edge === "restarted" ? "↻" : "●"}
          </span>
        )}
        <ExecutionLink id={node.id} prefetch={false} />
        <ExecutionStatusBadge status={node.status} refusedActions={node.refusedActions} waiting={node.waitingFor !== null} />
        {node.check ? <CheckBadge check={node.check} compact /> : null}
        <AgentBadge agent={node.agent} />
        {node.model ? <code className="rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800">{node.model}</code> : null}
        {node.groupId ? (
          <TextLink href={`/groups/${node.groupId}`} prefetch={false} className="text-xs" title="One prompt to several agents: compare them">
            {node.groupId}
          </TextLink>
        ) : null}
        {node.isHead && node.sessionId ? (
          <span
            className="rounded bg-emerald-100 px-1.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200"
            title="Latest turn of this chain"
          >
            head
          </span>
        ) : null}
        <span className="min-w-0 flex-1 basis-40 truncate text-zinc-700 dark:text-zinc-300" title={node.prompt}>
          {excerpt(node.prompt, 90)}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500">
          {node.managedSessionId ? (
            <TextLink
              mono
              href={`/sessions/${node.managedSessionId}`}
              prefetch={false}
              title={node.sessionId ? `The agent's session: ${node.sessionId}` : undefined}
            >
              {node.managedSessionId}
            </TextLink>
          ) : (
            <span>{node.status === "queued" || node.status === "running" ? "no session yet" : "no session"}</span>
          )}
          <span title="Cost">{formatCost(node.usage?.costUsd)}</span>
          {node.usage?.durationMs != null ? <span title="Duration">{formatDuration(node.usage.durationMs)}</span> : null}
          <RelativeTime iso={node.createdAt} />
        </span>
        <span className="flex items-center gap-1">
          {sessionGone ? <StartFreshButton id={node.id} /> : null}
          {!blocked
            ? FOLLOW_UPS.map(({ mode, label }) => (
                <Button
                  key={mode}
                  size="sm"
                  variant="ghost"
                  aria-expanded={open === mode}
                  aria-controls={formId}
                  aria-label={`${label} #${shortId(node.id)}`}
                  title={
                    mode === "fork" && !agent.nativeFork ? `${agent.name} cannot fork a session of its own: the fork carries Arbor's transcript` : undefined
                  }
                  onClick={() => onToggle(node.id, mode)}
                >
                  {label}
                </Button>
              ))
            : null}
        </span>
      </div>
      {open ? (
        <div id={formId} className="mt-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <FollowUpForm key={open} execution={node} mode={open} autoFocus />
        </div>
      ) : null}
    </>
  );
});
