// Typed calls for the executions API, on top of the shared JSON client.
import { api, idempotencyKey, type ApiClient } from "@/lib/api-client";
import type { ContinueInput, CreateExecutionInput, ForkInput, StartFreshInput } from "@/lib/executions/schema";
import type { ExecutionDto, ExecutionListItem } from "@/lib/executions/execution-schema";
import type { ExecutionEventPage, ExecutionSummary } from "@/lib/executions/log-schema";
import type { IssueTreeSummary, SessionTreeNode } from "@/lib/executions/tree-schema";
import type { PermissionPolicyInput } from "@/lib/permissions/schema";

/** The body of a Continue or Fork: only what differs from the defaults. */
const followUpBody = (prompt: string, freshSession: boolean, permissions?: PermissionPolicyInput) => ({
  prompt,
  ...(freshSession ? { freshSession } : {}),
  ...(permissions ? { permissions } : {}),
});

/** GET /api/executions filters (the home page's "running" and "recent" lists). */
export type ExecutionListParams = {
  /** One status or several, comma-separated ("queued,running"). */
  status?: string;
  issueId?: string;
  limit?: number;
};

export function createExecutionApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  // POSTs that create executions carry an Idempotency-Key so a double submit makes one run.
  const post = <T>(path: string, body: unknown) => client.request<T>(path, { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey() } });
  return {
    get: (id: string, signal?: AbortSignal) => client.request<ExecutionDto>(`/api/executions/${enc(id)}`, { signal }),
    list: (params: ExecutionListParams = {}, signal?: AbortSignal) =>
      client.request<{ items: ExecutionListItem[] }>("/api/executions", { query: { ...params }, signal }),
    summary: (id: string, signal?: AbortSignal) => client.request<ExecutionSummary>(`/api/executions/${enc(id)}/summary`, { signal }),
    listForIssue: (issueId: string, signal?: AbortSignal) => client.request<ExecutionDto[]>(`/api/issues/${enc(issueId)}/executions`, { signal }),
    sessionTree: (issueId: string, signal?: AbortSignal) =>
      client.request<{ roots: SessionTreeNode[] }>(`/api/issues/${enc(issueId)}/session-tree`, { signal }),
    /** The issue page's tree: the executions flat (build the tree with buildSessionTree). */
    treeSummary: (issueId: string, signal?: AbortSignal) => client.request<IssueTreeSummary>(`/api/issues/${enc(issueId)}/tree-summary`, { signal }),
    events: (id: string, after = 0, signal?: AbortSignal, limit = 5000) =>
      client.request<ExecutionEventPage>(`/api/executions/${enc(id)}/events`, { query: { after, limit }, signal }),
    /** The end of the log: the page starting `tail` events before the last (and up to 5,000 events from there). */
    eventsTail: (id: string, tail: number, signal?: AbortSignal) =>
      client.request<ExecutionEventPage>(`/api/executions/${enc(id)}/events`, { query: { tail, limit: 5000 }, signal }),
    create: (input: CreateExecutionInput) => post<ExecutionDto>("/api/executions", input),
    /** freshSession: a new session carrying Arbor's transcript instead of resuming the agent's; permissions: this turn's own policy. */
    continue: (id: string, prompt: string, freshSession = false, permissions?: PermissionPolicyInput) =>
      post<ExecutionDto>(`/api/executions/${enc(id)}/continue`, followUpBody(prompt, freshSession, permissions)),
    fork: (id: string, prompt: string, freshSession = false, permissions?: PermissionPolicyInput) =>
      post<ExecutionDto>(`/api/executions/${enc(id)}/fork`, followUpBody(prompt, freshSession, permissions)),
    /** A Fork with any body: another agent or model (issue 26). */
    forkWith: (id: string, input: ForkInput) => post<ExecutionDto>(`/api/executions/${enc(id)}/fork`, input),
    /** A Continue with any body: withCheck / withReview carry a failing check or a pull request's review (issue 25). */
    continueWith: (id: string, input: ContinueInput) => post<ExecutionDto>(`/api/executions/${enc(id)}/continue`, input),
    /** withConversation (default true): carry Arbor's transcript of the conversation before the restarted turn. */
    startFresh: (id: string, input: StartFreshInput = {}) => post<ExecutionDto>(`/api/executions/${enc(id)}/start-fresh`, input),
    cancel: (id: string) => client.request<ExecutionDto>(`/api/executions/${enc(id)}/cancel`, { method: "POST" }),
  };
}

export const executionApi = createExecutionApi();
