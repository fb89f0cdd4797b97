"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { executionApi } from "@/lib/execution-api";
import { TERMINAL_STATUSES, type ExecutionDto } from "@/lib/execution-types";
import { queryKeys } from "@/lib/query-keys";

export function useExecution(id: string) {
  return useQuery({
    queryKey: queryKeys.executions.detail(id),
    queryFn: ({ signal }) => executionApi.get(id, signal),
  });
}

export function useIssueSessionTree(issueId: string, options: { live?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.issues.sessionTree(issueId),
    queryFn: ({ signal }) => executionApi.sessionTree(issueId, signal),
    // The tree page has no per-execution stream; refresh while anything is live.
    refetchInterval: (query) => {
      if (!options.live) return false;
      const roots = query.state.data?.roots ?? [];
      const stack = [...roots];
      while (stack.length) {
        const node = stack.pop()!;
        if (!TERMINAL_STATUSES.has(node.status)) return 2_000;
        stack.push(...node.children);
      }
      return false;
    },
  });
}

/** After creating or changing an execution: seed its cache entry and refresh its issue's views. */
function remember(queryClient: QueryClient, execution: ExecutionDto) {
  queryClient.setQueryData(queryKeys.executions.detail(execution.id), execution);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.issues.sessionTree(execution.issueId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.issues.executions(execution.issueId) }),
  ]);
}

export function useCreateExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { issueId: string; prompt: string; agent?: string; cwd?: string }) => executionApi.create(input),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}

export type FollowUpMode = "continue" | "fork";

export function useFollowUp(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, prompt }: { mode: FollowUpMode; prompt: string }) =>
      mode === "continue" ? executionApi.continue(sourceId, prompt) : executionApi.fork(sourceId, prompt),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}

export function useStartFresh(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prompt?: string) => executionApi.startFresh(sourceId, prompt),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}

export function useCancelExecution(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => executionApi.cancel(id),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}
