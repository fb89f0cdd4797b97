"use client";

import { AgentBadge } from "@/components/agents/agent-badge";
import { followUpActions, type FollowUpActions } from "@/lib/agents/actions";
import { useAgents } from "@/lib/agents/hooks";
import { agentName } from "@/lib/agents/names";
import { useRouter } from "next/navigation";
import { memo, useCallback, useMemo, useRef, useState } from "react";
import { CheckBadge } from "@/components/checks/check-badge";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { FollowUpForm } from "@/components/follow-up/follow-up-form";
import { followUpBlocker } from "@/lib/executions/follow-up-rules";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import type { SessionTreeNode } from "@/lib/executions/schema";
import { excerpt, formatCost, formatDuration, shortId } from "@/lib/executions/format";
import { useStartFresh, type FollowUpMode } from "@/lib/executions/hooks";
import { compareHref, executionHref } from "@/lib/hrefs";

export type HistoryRow = { node: SessionTreeNode; depth: number };

const HISTORY_ORDER: Record<SessionTreeNode["edge"], number> = { fork: 0, root: 1, restarted: 2, continue: 3 };

/** Depth-first rows: a chain (original → continuation → …, and a restart where the chain goes on) stays at one depth, forks indent under their source. */
export function historyRows(roots: SessionTreeNode[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const stack: HistoryRow[] = [...roots].reverse().map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const row = stack.pop()!;
    rows.push(row);
    const children = [...row.node.children].sort((a, b) => HISTORY_ORDER[a.edge] - HISTORY_ORDER[b.edge]);
    // Forks first (indented), then restarts and the continuation (same depth), so a chain reads top to bottom.
    for (const child of children.reverse()) stack.push({ node: child, depth: child.edge === "fork" ? row.depth + 1 : row.depth });
  }
  return rows;
}

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

type AgentActions = FollowUpActions & { name: string };

/**
 * Each agent's follow-ups, read once for the whole list: a thousand rows each
 * subscribing to the agents query (useAgentActions) cost a thousand
 * observers, and a re-render of every row when the list arrived. Until it is
 * in (or for an agent the server no longer knows) every action shows, as
 * useAgentActions does: the server answers with the reason if one cannot run.
 */
function useActionsByAgent(): (id: string) => AgentActions {
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

// The rows' links do not prefetch: a thousand rows made three thousand
// <Link>s, each parsing its URL and registering with Next's viewport
// observer at mount (tens of ms of the list's first render, in profiles of
// the 1,000-row History); they still navigate client-side.
const Row = memo(function Row({
  node,
  depth,
  selected,
  onSelect,
  agent,
}: HistoryRow & { selected: boolean; onSelect: (id: string, on: boolean) => void; agent: AgentActions }) {
  const [open, setOpen] = useState<FollowUpMode | null>(null);
  const formId = `history-form-${node.id}`;
  const blocked = followUpBlocker(node, agent);
  const sessionGone = node.error?.code === "session_not_found";
  const toggle = (mode: FollowUpMode) => setOpen((current) => (current === mode ? null : mode));
  return (
    <li
      data-execution-id={node.id}
      className="py-2.5 [contain-intrinsic-size:auto_52px] [content-visibility:auto]"
      style={{ paddingLeft: `${depth * 1.25}rem` }}
    >
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
          {!blocked ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={open === "continue"}
                aria-controls={formId}
                aria-label={`Continue #${shortId(node.id)}`}
                onClick={() => toggle("continue")}
              >
                Continue
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={open === "fork"}
                aria-controls={formId}
                aria-label={`Fork #${shortId(node.id)}`}
                title={agent.nativeFork ? undefined : `${agent.name} cannot fork a session of its own: the fork carries Arbor's transcript`}
                onClick={() => toggle("fork")}
              >
                Fork
              </Button>
            </>
          ) : null}
        </span>
      </div>
      {open ? (
        <div id={formId} className="mt-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <FollowUpForm key={open} execution={node} mode={open} autoFocus />
        </div>
      ) : null}
    </li>
  );
});

/** An issue's execution history as chains with forks indented under their source; pick two rows to compare. */
export function ExecutionHistory({ roots, error }: { roots: SessionTreeNode[]; error?: Error | null }) {
  const [selected, setSelected] = useState<string[]>([]);
  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((prev) => (on ? [...prev.filter((x) => x !== id), id].slice(-2) : prev.filter((x) => x !== id)));
  }, []);
  const actionsOf = useActionsByAgent();
  const rows = useMemo(() => historyRows(roots), [roots]);
  if (error) return <ErrorAlert title="Could not load executions">{error.message}</ErrorAlert>;
  if (rows.length === 0) return <EmptyState title="No executions yet">Run an agent on this issue to start its first session.</EmptyState>;
  return (
    <div className="space-y-2">
      <ol
        aria-label="Execution history"
        className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white px-3 dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {rows.map((row) => (
          <Row key={row.node.id} {...row} selected={selected.includes(row.node.id)} onSelect={onSelect} agent={actionsOf(row.node.agent)} />
        ))}
      </ol>
      {selected.length ? (
        <div className="sticky bottom-2 z-[2] flex flex-wrap items-center gap-2 rounded-md border border-violet-300 bg-violet-50/95 px-3 py-2 text-sm shadow-md backdrop-blur dark:border-violet-800 dark:bg-violet-950/90">
          <span className="text-zinc-700 dark:text-zinc-300" aria-live="polite">
            {selected.length === 1
              ? `#${shortId(selected[0])} selected: tick one more to compare.`
              : `#${shortId(selected[0])} and #${shortId(selected[1])} selected.`}
          </span>
          {selected.length === 2 ? (
            <LinkButton size="sm" href={compareHref(selected[0], selected[1])}>
              Compare
            </LinkButton>
          ) : (
            <Button size="sm" disabled>
              Compare
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setSelected([])}>
            Clear
          </Button>
        </div>
      ) : (
        <p className="px-1 text-xs text-zinc-500">Tick two executions to compare them side by side.</p>
      )}
    </div>
  );
}
