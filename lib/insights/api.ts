// Typed calls for the Insights and outcomes APIs, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { Drill, FilteredExecutions, InsightsDto } from "@/lib/insights/schema";
import type { ExecutionOutcome, MarkExecutionInput, MarkSessionInput, SessionOutcome } from "@/lib/outcomes/schema";

export function createInsightsApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    get: (params: Record<string, string>, signal?: AbortSignal) => client.request<InsightsDto>("/api/insights", { query: params, signal }),
    /** The executions behind a number (its drill filter), newest first. */
    executions: (drill: Drill, before: string | null, signal?: AbortSignal) =>
      // No filter at all still asks for the filtered list (with its total): every execution.
      client.request<FilteredExecutions>("/api/executions", {
        query: { ...(Object.keys(drill).length ? drill : { since: "all" }), before, limit: 50 },
        signal,
      }),
    outcome: (id: string, over?: string, signal?: AbortSignal) =>
      client.request<ExecutionOutcome>(`/api/executions/${enc(id)}/outcome`, { query: { over }, signal }),
    mark: (id: string, input: MarkExecutionInput) => client.request<ExecutionOutcome>(`/api/executions/${enc(id)}/outcome`, { method: "PUT", body: input }),
    unmark: (id: string, mark: "verdict" | "preferred") =>
      client.request<ExecutionOutcome>(`/api/executions/${enc(id)}/outcome`, { method: "DELETE", query: { mark } }),
    markSession: (id: string, input: MarkSessionInput) => client.request<SessionOutcome>(`/api/sessions/${enc(id)}/outcome`, { method: "PUT", body: input }),
  };
}

export const insightsApi = createInsightsApi();

/** The executions list a number links to. */
export function executionsHref(drill: Drill): string {
  const query = new URLSearchParams(Object.entries(drill).filter(([, v]) => v !== "")).toString();
  return `/executions${query ? `?${query}` : ""}`;
}

/** The Insights page for a filter ({ issue: "ISSUE-3" } → /insights?issue=ISSUE-3). */
export function insightsHref(filters: Record<string, string> = {}): string {
  const query = new URLSearchParams(filters).toString();
  return `/insights${query ? `?${query}` : ""}`;
}
