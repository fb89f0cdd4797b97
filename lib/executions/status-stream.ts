"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { TERMINAL_STATUSES } from "@/lib/executions/types";
import type { ExecutionDto, ExecutionListItem } from "@/lib/executions/execution-schema";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import { insightsKeys } from "@/lib/insights/hooks";
import { queryKeys } from "@/lib/query-keys";
import { patchTree } from "@/lib/executions/session-tree";
import { noteExecutionUpdate } from "@/lib/approvals/attention";
import type { ApprovalList } from "@/lib/approvals/schema";

/**
 * Puts one execution's new state into every cached view of it: its detail,
 * its issue's session tree and executions list, the cross-issue lists and
 * (on a change of status) the sessions.
 * Views that do not hold it yet (a new execution) are refetched.
 */
export function applyExecutionUpdate(queryClient: QueryClient, execution: ExecutionDto): void {
  const previous = queryClient.getQueryData<ExecutionDto>(queryKeys.executions.detail(execution.id));
  queryClient.setQueryData<ExecutionDto>(queryKeys.executions.detail(execution.id), {
    ...execution,
    // Only GET /api/executions/:id computes it; keep it while still queued.
    waitingForExecutionId: execution.status === "queued" ? (previous?.waitingForExecutionId ?? null) : null,
  });
  if (TERMINAL_STATUSES.has(execution.status) && previous && !TERMINAL_STATUSES.has(previous.status)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.summary(execution.id) });
    // Its calls to Arbor's MCP server were made while it ran: the page shows them all once it ends.
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.mcpCalls(execution.id) });
  }
  if (previous?.status !== execution.status) {
    // Sessions show their turns' statuses and totals (and a new fork's session appears).
    void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
    // Its outcome says whether it can be marked yet (and what its signals are): the Outcome panel must not stay "Still running".
    void queryClient.invalidateQueries({ queryKey: [...insightsKeys.outcomes(), execution.id.toLowerCase()] });
  }
  // An agent started or stopped waiting for a person: the Inbox and the counts follow; notifications hear it.
  if ((previous?.waitingFor?.approvalId ?? null) !== (execution.waitingFor?.approvalId ?? null) || listsApprovalOf(queryClient, execution.id))
    refetchApprovals(queryClient);
  noteExecutionUpdate(execution);

  const treeKey = queryKeys.issues.sessionTree(execution.issueId);
  const tree = queryClient.getQueryData<{ roots: SessionTreeNode[] }>(treeKey);
  if (tree) {
    const roots = patchTree(tree.roots, execution);
    if (roots) queryClient.setQueryData(treeKey, { roots });
    else void queryClient.invalidateQueries({ queryKey: treeKey });
  }

  const listKey = queryKeys.issues.executions(execution.issueId);
  const list = queryClient.getQueryData<ExecutionDto[]>(listKey);
  if (list) {
    if (list.some((e) => e.id === execution.id))
      queryClient.setQueryData(
        listKey,
        list.map((e) => (e.id === execution.id ? { ...e, ...execution } : e)),
      );
    else void queryClient.invalidateQueries({ queryKey: listKey });
  }

  // Cross-issue lists (home): patch in place; refetch the ones that gain or lose it.
  for (const [key, data] of queryClient.getQueriesData<{ items: ExecutionListItem[] }>({ queryKey: queryKeys.executions.lists() })) {
    if (!data) continue;
    const filters = (key[2] ?? {}) as { status?: string };
    const statuses = filters.status?.split(",");
    const belongs = !statuses || statuses.includes(execution.status);
    const has = data.items.some((e) => e.id === execution.id);
    if (has && belongs) {
      queryClient.setQueryData(key, { items: data.items.map((e) => (e.id === execution.id ? { ...e, ...execution } : e)) });
    } else if (has !== belongs) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/**
 * Every approvals list asked again, after this change. A list's first request
 * still on its way may have been answered before the change: TanStack Query
 * lets an invalidation join a first request rather than send another, so that
 * answer would stand until the next 30 s refetch (an execution page whose
 * decision card stayed away). Such requests are cancelled first.
 */
function refetchApprovals(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ queryKey: queryKeys.approvals.all }).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.approvals.all }));
}

/** A cached approvals list shows one of this execution's approvals as pending (it may have been decided elsewhere). */
function listsApprovalOf(queryClient: QueryClient, executionId: string): boolean {
  return queryClient
    .getQueriesData<ApprovalList>({ queryKey: queryKeys.approvals.all })
    .some(([, data]) => data?.approvals.some((a) => a.executionId === executionId && a.status === "pending"));
}

function connect(queryClient: QueryClient): EventSource {
  const source = new EventSource("/api/executions/stream");
  let opened = false;
  source.addEventListener("status", (event) => {
    applyExecutionUpdate(queryClient, JSON.parse((event as MessageEvent).data) as ExecutionDto);
  });
  const resync = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.lists() });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.issues.all,
      predicate: (q) => q.queryKey.includes("session-tree") || q.queryKey.includes("executions"),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.details() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
  };
  // After a reconnect, changes may have been missed meanwhile.
  source.addEventListener("open", () => {
    if (opened) resync();
    opened = true;
  });
  source.addEventListener("resync", resync);
  return source;
}

/**
 * Keeps every cached execution view current from the server's status stream.
 * Mounted once for the whole app (app/providers.tsx), so any view of an
 * execution updates without asking for it.
 */
export function useExecutionStatusStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = connect(queryClient);
    return () => source.close();
  }, [queryClient]);
}
