// Typed calls for push and pull requests, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { CreatePullRequestInput, PullRequest, PullRequestListItem } from "./schema";

export function createPullsApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    /** Pushes the line's branch with this turn's snapshot; the execution comes back with `pushed` set. */
    push: (id: string) => client.request<ExecutionDto>(`/api/executions/${enc(id)}/push`, { method: "POST" }),
    /** Opens the line's PR (pushing first when needed); a line that has one gets that one. */
    open: (id: string, input: CreatePullRequestInput = {}) =>
      client.request<PullRequest>(`/api/executions/${enc(id)}/pull-request`, { method: "POST", body: input }),
    /** The line's PR, refreshed from the forge when stale. */
    get: (id: string, signal?: AbortSignal) => client.request<PullRequest>(`/api/executions/${enc(id)}/pull-request`, { signal }),
    forIssue: (issueId: string, signal?: AbortSignal) =>
      client.request<{ items: PullRequestListItem[] }>(`/api/issues/${enc(issueId)}/pull-requests`, { signal }),
  };
}

export const pullsApi = createPullsApi();
