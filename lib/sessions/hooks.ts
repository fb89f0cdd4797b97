"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { executionApi } from "@/lib/executions/api";
import { queryKeys } from "@/lib/query-keys";
import type { SessionDetail, UpdateSessionInput } from "@/lib/sessions/schema";
import { sessionApi, type SessionListParams } from "@/lib/sessions/api";

export function useSessions(filters: SessionListParams = {}) {
  return useQuery({
    queryKey: queryKeys.sessions.list(filters),
    queryFn: ({ signal }) => sessionApi.list(filters, signal),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  });
}

/** A session with its turns; refetched when one of them changes status (see applyExecutionUpdate). */
export function useSession(ref: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.sessions.detail(ref),
    queryFn: ({ signal }) => sessionApi.get(ref, signal),
    enabled: options.enabled ?? true,
  });
}

/**
 * Each turn's answer, tools and files, read from the stored logs. Under the
 * session's key, so it is refetched with the session when a turn changes
 * status (applyExecutionUpdate).
 */
export function useSessionConversation(ref: string) {
  return useQuery({
    queryKey: [...queryKeys.sessions.detail(ref), "conversation"],
    queryFn: ({ signal }) => sessionApi.conversation(ref, signal),
  });
}

export function useUpdateSession(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSessionInput) => sessionApi.update(ref, input),
    onSuccess: (session) => {
      queryClient.setQueryData<SessionDetail>(queryKeys.sessions.detail(session.id), session);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions.lists() }),
        // Titles show in reference cards and backlinks; the description's references changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.references.all }),
      ]);
    },
  });
}

/** Continue or Fork from any execution chosen at submit time (e.g. a cited session's head). */
export function useBranchFrom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, sourceId, prompt, freshSession }: { mode: "continue" | "fork"; sourceId: string; prompt: string; freshSession?: boolean }) =>
      mode === "continue" ? executionApi.continue(sourceId, prompt, freshSession) : executionApi.fork(sourceId, prompt, freshSession),
    onSuccess: (execution) => {
      queryClient.setQueryData(queryKeys.executions.detail(execution.id), execution);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.issues.detail(execution.issueId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.executions.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
      ]);
    },
  });
}
