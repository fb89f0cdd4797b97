"use client";

import { useMutation, usePrefetchQuery, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { executionApi } from "@/lib/executions/api";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { earlyOr, executionPath, issuePaths } from "@/lib/executions/early-fetch";
import type { ExecutionDto } from "@/lib/executions/execution-schema";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import type { ExecutionListParams } from "@/lib/executions/api";
import { queryKeys } from "@/lib/query-keys";
import type { CreateExecutionInput, FollowUpMode, ForkInput, StartFreshInput } from "@/lib/executions/schema";
import type { PermissionPolicyInput } from "@/lib/permissions/schema";

export function useExecution(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: queryKeys.executions.detail(id),
    // The page's HTML already asked for it (earlyFetchScript); a later read asks afresh.
    queryFn: ({ signal }) => earlyOr(executionPath(id), () => executionApi.get(id, signal)),
  });
}

/**
 * An issue's session tree: its executions flat (one SQL statement on the
 * server), built into the tree here, as every live patch rebuilds it.
 */
const sessionTreeQuery = (issueId: string) => ({
  queryKey: queryKeys.issues.sessionTree(issueId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<{ roots: SessionTreeNode[] }> => {
    const { executions } = await earlyOr(issuePaths(issueId).tree, () => executionApi.treeSummary(issueId, signal));
    return { roots: buildSessionTree(executions) };
  },
});

/** An issue's session tree; status changes patch it in place (see applyExecutionUpdate). */
export function useIssueSessionTree(issueId: string) {
  return useQuery(sessionTreeQuery(issueId));
}

/** Starts loading an issue's session tree early (with the issue itself), for its executions section. */
export function usePrefetchIssueSessionTree(issueId: string) {
  usePrefetchQuery(sessionTreeQuery(issueId));
}

/** Executions across issues, newest first (GET /api/executions); kept current by the status stream. */
export function useExecutionList(params: ExecutionListParams) {
  return useQuery({
    queryKey: queryKeys.executions.list(params),
    queryFn: ({ signal }) => executionApi.list(params, signal),
    select: (data) => data.items,
  });
}

/** What an execution did: final answer, tools, files (for Compare). Refetched when it finishes. */
export function useExecutionSummary(id: string | null) {
  return useQuery({
    queryKey: queryKeys.executions.summary(id ?? ""),
    queryFn: ({ signal }) => executionApi.summary(id!, signal),
    enabled: Boolean(id),
  });
}

/**
 * After creating or changing an execution: seed its cache entry and refresh
 * its issue's views and the sessions (a new turn is its session's head: the
 * follow-up form says from it whether a Continue stays a continue).
 */
function remember(queryClient: QueryClient, execution: ExecutionDto) {
  queryClient.setQueryData(queryKeys.executions.detail(execution.id), execution);
  return invalidateIssueRuns(queryClient, execution.issueId);
}

/** New executions on an issue: its tree and lists, the executions lists and the sessions are read again. */
export function invalidateIssueRuns(queryClient: QueryClient, issueId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.issues.sessionTree(issueId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.issues.executions(issueId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.executions.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  ]);
}

export function useCreateExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateExecutionInput) => executionApi.create(input),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}

export type { FollowUpMode };

export function useFollowUp(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      mode,
      prompt,
      freshSession,
      permissions,
    }: {
      mode: FollowUpMode;
      prompt: string;
      freshSession?: boolean;
      permissions?: PermissionPolicyInput;
    }) =>
      mode === "continue" ? executionApi.continue(sourceId, prompt, freshSession, permissions) : executionApi.fork(sourceId, prompt, freshSession, permissions),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}

export function useStartFresh(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input?: StartFreshInput) => executionApi.startFresh(sourceId, input),
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

/** A Fork with another agent or model (issue 26); the same refreshes as any new execution. */
export function useForkWith(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ForkInput) => executionApi.forkWith(sourceId, input),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}

/** Continue with the failure (withCheck) or with review (withReview), a note after what it carries (issue 25). */
export function useContinueWith(sourceId: string, carry: "withCheck" | "withReview") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note?: string) => executionApi.continueWith(sourceId, { [carry]: true, ...(note?.trim() ? { prompt: note.trim() } : {}) }),
    onSuccess: (execution) => remember(queryClient, execution),
  });
}
