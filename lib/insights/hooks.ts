"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { insightsApi } from "@/lib/insights/api";
import type { Drill } from "@/lib/insights/schema";
import type { ExecutionOutcome, MarkExecutionInput } from "@/lib/outcomes/schema";

// Query keys live here (not in lib/query-keys.ts) so this domain stays in one folder.
export const insightsKeys = {
  all: ["insights"] as const,
  page: (params: Record<string, string>) => [...insightsKeys.all, "page", params] as const,
  executions: (drill: Drill) => [...insightsKeys.all, "executions", drill] as const,
  outcomes: () => [...insightsKeys.all, "outcome"] as const,
  outcome: (id: string, over?: string) => [...insightsKeys.outcomes(), id.toLowerCase(), over ?? null] as const,
};

export function useInsights(params: Record<string, string>) {
  return useQuery({
    queryKey: insightsKeys.page(params),
    queryFn: ({ signal }) => insightsApi.get(params, signal),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** The executions behind a number, 50 at a time. */
export function useFilteredExecutions(drill: Drill) {
  return useInfiniteQuery({
    queryKey: insightsKeys.executions(drill),
    queryFn: ({ pageParam, signal }) => insightsApi.executions(drill, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    retry: false,
  });
}

export function useExecutionOutcome(id: string, options: { over?: string; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: insightsKeys.outcome(id, options.over),
    queryFn: ({ signal }) => insightsApi.outcome(id, options.over, signal),
    enabled: options.enabled ?? true,
  });
}

/**
 * Mark or unmark an execution. A mark can change what other executions show
 * (a preferred line makes its siblings "not chosen") and every Insights
 * number, so all outcomes and Insights queries are refreshed.
 */
export function useMarkExecution(id: string) {
  const queryClient = useQueryClient();
  const refresh = (outcome: ExecutionOutcome) => {
    queryClient.setQueryData(insightsKeys.outcome(id), outcome);
    return queryClient.invalidateQueries({ queryKey: insightsKeys.all });
  };
  const mark = useMutation({ mutationFn: (input: MarkExecutionInput) => insightsApi.mark(id, { via: "web", ...input }), onSuccess: refresh });
  const unmark = useMutation({ mutationFn: (which: "verdict" | "preferred") => insightsApi.unmark(id, which), onSuccess: refresh });
  return { mark, unmark, pending: mark.isPending || unmark.isPending, error: mark.error ?? unmark.error };
}
