// Typed calls for the specs API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { ListResponse } from "@/lib/schemas/common";
import type { CreateSpecInput, DeleteSpecResponse, Spec, UpdateSpecInput } from "@/lib/specs/schema";

export type SpecListParams = {
  q?: string;
  /** A project id, or "none" for the default workspace's. */
  projectId?: string;
  limit?: number;
};

export function createSpecApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    list: (params: SpecListParams = {}, signal?: AbortSignal) => client.request<ListResponse<Spec>>("/api/specs", { query: { ...params }, signal }),
    get: (id: string, signal?: AbortSignal) => client.request<Spec>(`/api/specs/${enc(id)}`, { signal }),
    create: (input: CreateSpecInput) => client.request<Spec>("/api/specs", { method: "POST", body: input }),
    update: (id: string, input: UpdateSpecInput) => client.request<Spec>(`/api/specs/${enc(id)}`, { method: "PATCH", body: input }),
    delete: (id: string, options: { detachIssues?: boolean } = {}) =>
      client.request<DeleteSpecResponse>(`/api/specs/${enc(id)}`, { method: "DELETE", query: { detachIssues: options.detachIssues ? "true" : undefined } }),
  };
}

export const specApi = createSpecApi();
