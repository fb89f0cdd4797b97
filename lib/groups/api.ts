// Typed calls for fan-out groups (issue 26), on top of the shared JSON client.
import { api, idempotencyKey, type ApiClient } from "@/lib/api-client";
import type { FanOutInput, FanOutResponse, GroupDto, PickInput, PickResponse } from "@/lib/groups/schema";

export function createGroupApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    /** One prompt to 2–8 agents or models: new runs of an issue, or forks of an execution. */
    fanOut: (input: FanOutInput) =>
      // Carries an Idempotency-Key like every POST that creates executions: a double submit makes one group.
      client.request<FanOutResponse>("/api/executions/fan-out", { method: "POST", body: input, headers: { "Idempotency-Key": idempotencyKey() } }),
    get: (id: string, signal?: AbortSignal) => client.request<GroupDto>(`/api/groups/${enc(id)}`, { signal }),
    pick: (id: string, input: PickInput) => client.request<PickResponse>(`/api/groups/${enc(id)}/pick`, { method: "POST", body: input }),
    cancel: (id: string) => client.request<{ group: GroupDto; cancelled: string[] }>(`/api/groups/${enc(id)}/cancel`, { method: "POST" }),
  };
}

export const groupApi = createGroupApi();
