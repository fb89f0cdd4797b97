"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useContinueWith } from "@/lib/executions/hooks";
import type { CheckStatus, ExecutionCheck } from "@/lib/executions/schema";
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
export const useContinueWithCheck = (id: string) => useContinueWith(id, "withCheck");
