"use client";

import { useQuery } from "@tanstack/react-query";
import { mcpApi } from "@/lib/mcp/api";
import { queryKeys } from "@/lib/query-keys";

/** What a run consulted and the calls it made; refetched when the run finishes (applyExecutionUpdate). */
export function useExecutionMcpActivity(id: string) {
  return useQuery({
    queryKey: queryKeys.executions.mcpCalls(id),
    queryFn: ({ signal }) => mcpApi.executionActivity(id, signal),
  });
}

/** "Consulted by": under the session's key, so it is refetched with the session when a turn changes status. */
export function useSessionConsulters(ref: string) {
  return useQuery({
    queryKey: queryKeys.sessions.consultedBy(ref),
    queryFn: ({ signal }) => mcpApi.sessionConsulters(ref, signal),
  });
}
