// Typed calls for the approvals API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { Approval, ApprovalList, DecideApprovalInput } from "@/lib/approvals/schema";

export interface ApprovalListParams {
  status?: "pending" | "decided" | "all";
  executionId?: string;
  issueId?: string;
}

export function createApprovalApi(client: ApiClient = api) {
  return {
    list: (params: ApprovalListParams = {}, signal?: AbortSignal) => client.request<ApprovalList>("/api/approvals", { query: { ...params }, signal }),
    decide: (id: string, input: DecideApprovalInput) => client.request<Approval>(`/api/approvals/${encodeURIComponent(id)}`, { method: "POST", body: input }),
  };
}

export const approvalApi = createApprovalApi();
