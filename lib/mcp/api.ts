// Typed calls for what agents did through Arbor's MCP server, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { ExecutionMcpActivity, SessionConsulters } from "@/lib/mcp/schema";

export function createMcpApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    /** What a run consulted, its calls, the issues it raised and the refs it cited. */
    executionActivity: (id: string, signal?: AbortSignal) => client.request<ExecutionMcpActivity>(`/api/executions/${enc(id)}/mcp-calls`, { signal }),
    /** The runs that read a session. */
    sessionConsulters: (ref: string, signal?: AbortSignal) => client.request<SessionConsulters>(`/api/sessions/${enc(ref)}/consulted-by`, { signal }),
  };
}

export const mcpApi = createMcpApi();
