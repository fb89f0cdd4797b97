// Typed calls for the agents API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { AgentList } from "./schema";

export function createAgentApi(client: ApiClient = api) {
  return {
    list: (signal?: AbortSignal) => client.request<AgentList>("/api/agents", { signal }),
  };
}

export const agentApi = createAgentApi();
