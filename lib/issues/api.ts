// Typed calls for the issues API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { ListResponse } from "@/lib/schemas/common";
import type { CreateIssueInput, DeleteIssueResponse, Issue, UpdateIssueInput } from "@/lib/issues/schema";
import type { IssueStatus } from "@/lib/issues/constants";

export type IssueListParams = {
  q?: string;
  status?: IssueStatus;
  /** A spec id, or "none" for issues without a spec. */
  specId?: string;
  /** A project id, or "none" for the default workspace's. */
  projectId?: string;
  limit?: number;
};

export function createIssueApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    list: (params: IssueListParams = {}, signal?: AbortSignal) => client.request<ListResponse<Issue>>("/api/issues", { query: { ...params }, signal }),
    get: (id: string, signal?: AbortSignal) => client.request<Issue>(`/api/issues/${enc(id)}`, { signal }),
    create: (input: CreateIssueInput) => client.request<Issue>("/api/issues", { method: "POST", body: input }),
    update: (id: string, input: UpdateIssueInput) => client.request<Issue>(`/api/issues/${enc(id)}`, { method: "PATCH", body: input }),
    delete: (id: string) => client.request<DeleteIssueResponse>(`/api/issues/${enc(id)}`, { method: "DELETE" }),
  };
}

export const issueApi = createIssueApi();
