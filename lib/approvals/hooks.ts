"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DecideApprovalInput } from "@/lib/approvals/schema";
import { approvalApi, type ApprovalListParams } from "@/lib/approvals/api";
import { queryKeys } from "@/lib/query-keys";

/**
 * Approvals (the Inbox, an execution's pending ones). Refetched when an
 * execution starts or stops waiting (lib/executions/status-stream.ts), and
 * every 30 s besides, so a count never stays stale after a missed event.
 */
export function useApprovals(params: ApprovalListParams = {}) {
  return useQuery({
    queryKey: queryKeys.approvals.list(params),
    queryFn: ({ signal }) => approvalApi.list(params, signal),
    refetchInterval: 30_000,
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DecideApprovalInput }) => approvalApi.decide(id, input),
    // Decided or not (a 409: someone else was first), every view of it is refetched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.approvals.all }),
  });
}
