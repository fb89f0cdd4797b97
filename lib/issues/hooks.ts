"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { earlyOr, issuePaths } from "@/lib/executions/early-fetch";
import { issueApi, type IssueListParams } from "@/lib/issues/api";
import { queryKeys } from "@/lib/query-keys";
import type { CreateIssueInput, Issue, UpdateIssueInput } from "@/lib/issues/schema";

/**
 * After an issue is created, changed or deleted: the lists, the specs (they
 * carry an issue count) and references (its text cites [[…]]: backlinks and
 * reference cards change).
 */
function refreshAround(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.references.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.issues.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.specs.all }),
  ]);
}

export function useIssues(filters: IssueListParams = {}) {
  return useQuery({
    queryKey: queryKeys.issues.list(filters),
    queryFn: ({ signal }) => issueApi.list(filters, signal),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  });
}

export function useIssue(id: string) {
  return useQuery({
    queryKey: queryKeys.issues.detail(id),
    // The issue page's HTML already asked for it (earlyFetchScript); a later read asks afresh.
    queryFn: ({ signal }) => earlyOr(issuePaths(id).issue, () => issueApi.get(id, signal)),
  });
}

export function useCreateIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIssueInput) => issueApi.create(input),
    onSuccess: (issue) => {
      queryClient.setQueryData<Issue>(queryKeys.issues.detail(issue.id), issue);
      return refreshAround(queryClient);
    },
  });
}

export function useUpdateIssue(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateIssueInput) => issueApi.update(id, input),
    onSuccess: (issue) => {
      queryClient.setQueryData<Issue>(queryKeys.issues.detail(issue.id), issue);
      return refreshAround(queryClient);
    },
  });
}

export function useDeleteIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => issueApi.delete(id),
    onSuccess: (result) => {
      // Mark the deleted item stale without refetching it now (the page showing it is navigating away).
      void queryClient.invalidateQueries({ queryKey: queryKeys.issues.detail(result.id), refetchType: "none" });
      return refreshAround(queryClient);
    },
  });
}
