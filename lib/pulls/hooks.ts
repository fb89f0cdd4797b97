"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-error";
import { useContinueWith } from "@/lib/executions/hooks";
import { pullsApi } from "@/lib/pulls/api";
import type { CreatePullRequestInput, PullRequest } from "@/lib/pulls/schema";
import { queryKeys } from "@/lib/query-keys";

// Push and pull requests in the UI (issue 25), on top of lib/pulls/api.ts.

export const pullRequestKey = (executionId: string) => [...queryKeys.executions.detail(executionId), "pull-request"] as const;
export const issuePullRequestsKey = (issueId: string) => [...queryKeys.issues.detail(issueId), "pull-requests"] as const;

/** How often an open PR is read again. A GET older than 30 s asks the forge: once a minute keeps an open tab well inside rate limits. */
const PR_REFRESH_MS = 60_000;

/** "This line has no pull request yet" is an answer here, not an error: a 409 with reason no_pull_request (or a 404). */
function noPullRequest(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 409 && error.details?.reason === "no_pull_request"));
}

/** The line's PR, or null when it has none. */
export function usePullRequest(executionId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: pullRequestKey(executionId),
    queryFn: async ({ signal }): Promise<PullRequest | null> => {
      try {
        return await pullsApi.get(executionId, signal);
      } catch (error) {
        if (noPullRequest(error)) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.state === "open" ? PR_REFRESH_MS : false),
  });
}

/** The issue's PRs, for the markers on its session tree. */
export function useIssuePullRequests(issueId: string | undefined) {
  return useQuery({
    enabled: Boolean(issueId),
    queryKey: issuePullRequestsKey(issueId ?? ""),
    queryFn: async ({ signal }) => {
      try {
        return (await pullsApi.forIssue(issueId!, signal)).items;
      } catch (error) {
        // A server without the route yet, or no PRs: the tree simply shows none.
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    // Only while one of them is open: merged and closed PRs change no more.
    refetchInterval: (query) => (query.state.data?.some((pr) => pr.state === "open") ? PR_REFRESH_MS : false),
  });
}

export function usePush(executionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pullsApi.push(executionId),
    onSuccess: (execution) => queryClient.setQueryData(queryKeys.executions.detail(execution.id), execution),
  });
}

export function useOpenPullRequest(executionId: string, issueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePullRequestInput) => pullsApi.open(executionId, input),
    onSuccess: (pr) => {
      queryClient.setQueryData(pullRequestKey(executionId), pr);
      // Opening pushes first when needed: the execution's `pushed` changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.executions.detail(executionId), exact: true });
      void queryClient.invalidateQueries({ queryKey: issuePullRequestsKey(issueId) });
    },
  });
}

/** POST /api/executions/:id/continue { withReview: true, prompt? }: the session that wrote the code gets the comments and failing CI. */
export const useContinueWithReview = (executionId: string) => useContinueWith(executionId, "withReview");
