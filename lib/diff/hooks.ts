"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-error";
import { queryKeys } from "@/lib/query-keys";
import { diffApi } from "./api";
import type { ApplyExecutionInput } from "./schema";

// A 409 ("no snapshot yet") is an answer, not a failure worth retrying.
const retry = (count: number, error: Error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

/** What an execution changed (start → snapshot). Only asked for when `enabled` (it has a snapshot). */
export function useExecutionDiff(id: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.executions.diff(id), queryFn: ({ signal }) => diffApi.execution(id, signal), enabled, retry, staleTime: Infinity });
}

/** The difference between two executions' snapshots. */
export function useCompareDiff(a: string, b: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.executions.compareDiff(a, b),
    queryFn: ({ signal }) => diffApi.compare(a, b, signal),
    enabled,
    retry,
    staleTime: Infinity,
  });
}

/** What "Apply this line" would give the base branch now (asked for when the person opens it; always read afresh). */
export function useApplyPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.executions.applyPreview(id),
    queryFn: ({ signal }) => diffApi.applyPreview(id, signal),
    enabled,
    retry,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useApplyExecution(id: string, projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyExecutionInput) => diffApi.apply(id, input),
    // The project's checkout moved on: its facts and every preview of it are read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.executions.all, predicate: (q) => q.queryKey.includes("apply-preview") }),
        projectId ? queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(projectId) }) : undefined,
      ]),
  });
}
