// Typed calls for runners (issue 24), on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { DrainResponse, RunnerList } from "@/lib/runners/schema";

export function createRunnerApi(client: ApiClient = api) {
  return {
    list: (signal?: AbortSignal) => client.request<RunnerList>("/api/runners", { signal }),
    drain: (id: string) => client.request<DrainResponse>(`/api/runners/${encodeURIComponent(id)}/drain`, { method: "POST" }),
  };
}

export const runnerApi = createRunnerApi();
