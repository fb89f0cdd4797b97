// Typed calls for the diff and apply APIs, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { ApplyExecutionInput, ApplyPreview, ApplyResult, CompareDiff, ExecutionDiff } from "./schema";

export function createDiffApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    execution: (id: string, signal?: AbortSignal) => client.request<ExecutionDiff>(`/api/executions/${enc(id)}/diff`, { signal }),
    compare: (a: string, b: string, signal?: AbortSignal) => client.request<CompareDiff>("/api/compare/diff", { query: { a, b }, signal }),
    /** What Apply would give the base branch now; changes nothing. */
    applyPreview: (id: string, signal?: AbortSignal) => client.request<ApplyPreview>(`/api/executions/${enc(id)}/apply-preview`, { signal }),
    apply: (id: string, input: ApplyExecutionInput) => client.request<ApplyResult>(`/api/executions/${enc(id)}/apply`, { method: "POST", body: input }),
  };
}

export const diffApi = createDiffApi();
