"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ExecutionDto, ExecutionListItem } from "@/lib/execution-types";
import { TERMINAL_STATUSES } from "@/lib/execution-types";
import { queryKeys } from "@/lib/query-keys";
import { patchTree } from "@/lib/session-tree";
import type { SessionTreeNode } from "@/lib/execution-types";

/**
 * Puts one execution's new state into every cached view of it: its detail,
 * its issue's session tree and executions list, and the cross-issue lists.
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
  }

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
    if (list.some((e) => e.id === execution.id)) queryClient.setQueryData(listKey, list.map((e) => (e.id === execution.id ? { ...e, ...execution } : e)));
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

// One EventSource per page for every component that wants status updates
// (browsers allow only ~6 connections per origin over HTTP/1.1).
type Shared = { source: EventSource; users: number; queryClient: QueryClient };
let shared: Shared | null = null;

function connect(queryClient: QueryClient): Shared {
  const source = new EventSource("/api/executions/stream");
  let opened = false;
  source.addEventListener("status", (event) => {
    applyExecutionUpdate(queryClient, JSON.parse((event as MessageEvent).data) as ExecutionDto);
  });
  const resync = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.issues.all, predicate: (q) => q.queryKey.includes("session-tree") || q.queryKey.includes("executions") });
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.details() });
  };
  // After a reconnect, changes may have been missed meanwhile.
  source.addEventListener("open", () => {
    if (opened) resync();
    opened = true;
  });
  source.addEventListener("resync", resync);
  return { source, users: 0, queryClient };
}

/** Keeps the cache of every execution view current from the server's status stream while mounted. */
export function useExecutionStatusStream(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    if (!shared || shared.queryClient !== queryClient) {
      shared?.source.close();
      shared = connect(queryClient);
    }
    const mine = shared;
    mine.users += 1;
    return () => {
      mine.users -= 1;
      if (mine.users === 0) {
        // Let a page transition reuse the connection instead of reopening it.
        setTimeout(() => {
          if (mine.users === 0 && shared === mine) {
            mine.source.close();
            shared = null;
          }
        }, 1_000);
      }
    };
  }, [enabled, queryClient]);
}
