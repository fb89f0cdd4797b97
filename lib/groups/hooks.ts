"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { groupApi } from "@/lib/groups/api";
import { invalidateIssueRuns } from "@/lib/executions/hooks";
import type { FanOutInput, GroupDto, PickInput } from "@/lib/groups/schema";
import { queryKeys } from "@/lib/query-keys";

// The group keys live here rather than in lib/query-keys.ts: only this file
// and the views of groups read them. Upper-cased like the other human ids.
export const groupKeys = {
  all: ["groups"] as const,
  detail: (id: string) => [...groupKeys.all, "detail", id.trim().toUpperCase()] as const,
  forIssue: (issueId: string) => [...groupKeys.all, "issue", issueId.trim().toUpperCase()] as const,
};

/** How often a group with a queued or running member is read again (its members' answers and times come from the server). */
export const GROUP_POLL_MS = 2_000;

/** True while any member is still queued or running. */
export function groupIsLive(group: Pick<GroupDto, "members"> | undefined): boolean {
  return Boolean(group?.members.some((m) => m.execution.status === "queued" || m.execution.status === "running"));
}

/** One group; polled while a member is live, so statuses, answers and times fill in without a reload. */
export function useGroup(id: string) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => groupApi.get(id, signal),
    refetchInterval: (query) => (groupIsLive(query.state.data) ? GROUP_POLL_MS : false),
  });
}

/** An issue's groups, for the marker above their members in the session tree. */
/** A group changed (created, picked, cancelled): its page, its issue's tree and lists, and its members' pages follow. */
function remember(queryClient: QueryClient, group: GroupDto) {
  queryClient.setQueryData(groupKeys.detail(group.id), group);
  for (const member of group.members) queryClient.setQueryData(queryKeys.executions.detail(member.execution.id), member.execution);
  return Promise.all([queryClient.invalidateQueries({ queryKey: groupKeys.forIssue(group.issueId) }), invalidateIssueRuns(queryClient, group.issueId)]);
}

export function useFanOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FanOutInput) => groupApi.fanOut(input),
    onSuccess: (result) => remember(queryClient, result.group),
  });
}

export function usePickMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PickInput) => groupApi.pick(groupId, input),
    onSuccess: (result) => {
      // Apply moved the base branch: any preview of it is stale.
      if (result.applied) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes("apply-preview") });
      return remember(queryClient, result.group);
    },
  });
}

export function useCancelGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => groupApi.cancel(groupId),
    onSuccess: (result) => remember(queryClient, result.group),
  });
}
