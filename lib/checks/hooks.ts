"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, idempotencyKey } from "@/lib/api-client";
import type { CheckStatus, ExecutionCheck, ExecutionDto } from "@/lib/executions/schema";
import { queryKeys } from "@/lib/query-keys";

// The check on a turn (issue 25): its output, and Continue with the failure.
// Keys sit under the execution's detail key, so a resync of the details
// (the status stream reconnecting) refetches them too.

const enc = encodeURIComponent;

export const checkKey = (id: string, status: CheckStatus | null) => [...queryKeys.executions.detail(id), "check", status ?? "none"] as const;

/**
 * GET /api/executions/:id/check. The status is part of the key: when the
 * status stream brings a finished check, the output is read again (it grew).
 */
export function useExecutionCheck(id: string, status: CheckStatus | null, enabled = true) {
  return useQuery({
    enabled: enabled && status !== null,
    queryKey: checkKey(id, status),
    queryFn: ({ signal }) => api.request<ExecutionCheck>(`/api/executions/${enc(id)}/check`, { signal }),
  });
}

/** POST /api/executions/:id/continue { withCheck: true, prompt? }: the session's next turn carries the failing output. */
export function useContinueWithCheck(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note?: string) =>
      api.request<ExecutionDto>(`/api/executions/${enc(id)}/continue`, {
        method: "POST",
        // One click, one run: a double submit is the same request.
        headers: { "Idempotency-Key": idempotencyKey() },
        body: { withCheck: true, ...(note?.trim() ? { prompt: note.trim() } : {}) },
      }),
    onSuccess: (execution) => {
      queryClient.setQueryData(queryKeys.executions.detail(execution.id), execution);
      void queryClient.invalidateQueries({ queryKey: queryKeys.issues.sessionTree(execution.issueId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
    },
  });
}
