// Typed calls for the sessions API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { SessionArchivedFilter, SessionConversation, SessionDetail, SessionSummary, UpdateSessionInput } from "@/lib/sessions/schema";
import type { ListResponse } from "@/lib/schemas/common";

export interface SessionListParams {
  q?: string;
  agent?: string;
  /** "false" (default): active only; "true": archived only; "all". */
  archived?: SessionArchivedFilter;
  limit?: number;
}

export function createSessionApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    list: (params: SessionListParams = {}, signal?: AbortSignal) =>
      client.request<ListResponse<SessionSummary>>("/api/sessions", { query: { ...params }, signal }),
    get: (ref: string, signal?: AbortSignal) => client.request<SessionDetail>(`/api/sessions/${enc(ref)}`, { signal }),
    conversation: (ref: string, signal?: AbortSignal) => client.request<SessionConversation>(`/api/sessions/${enc(ref)}/conversation`, { signal }),
    update: (ref: string, input: UpdateSessionInput) => client.request<SessionDetail>(`/api/sessions/${enc(ref)}`, { method: "PATCH", body: input }),
  };
}

export const sessionApi = createSessionApi();
