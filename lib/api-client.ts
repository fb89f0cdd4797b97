// A small typed client for Arbor's JSON API, used by the UI's react-query hooks
// (and usable from scripts). Non-2xx answers throw ApiError carrying the API's message.
import { ApiError, apiErrorFrom } from "@/lib/api-error";
import type { CreateIssueInput, IssuePriority, IssueStatus, UpdateIssueInput } from "@/lib/schemas/issue";
import type { CreateSpecInput, UpdateSpecInput } from "@/lib/schemas/spec";
import type {
  DeleteIssueResponse,
  DeleteSpecResponse,
  Issue,
  ListResponse,
  Spec,
} from "@/lib/types";

export interface SpecListParams {
  q?: string;
  limit?: number;
}

export interface IssueListParams {
  q?: string;
  status?: IssueStatus;
  /** A spec id, or "none" for issues without a spec. */
  specId?: string;
  limit?: number;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers for this request (e.g. Idempotency-Key). */
  headers?: HeadersInit;
}

function toQueryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

export interface ApiClientOptions {
  /** Prefix for every path; "" (same origin) in the browser, e.g. "http://127.0.0.1:3000" elsewhere. */
  baseUrl?: string;
  fetch?: typeof fetch;
  headers?: HeadersInit;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/$/, "");

  async function request<T>(path: string, { method = "GET", query, body, signal, headers: extraHeaders }: RequestOptions = {}): Promise<T> {
    const headers = new Headers(options.headers);
    new Headers(extraHeaders).forEach((value, key) => headers.set(key, value));
    headers.set("Accept", "application/json");
    if (body !== undefined) headers.set("Content-Type", "application/json");
    const doFetch = options.fetch ?? globalThis.fetch;

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${toQueryString(query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        cache: "no-store",
      });
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") throw error;
      throw new ApiError("Could not reach the Arbor server. Check that it is running and try again.", 0, "network_error");
    }

    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (!response.ok) throw apiErrorFrom(response, data, `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
    return data as T;
  }

  const enc = encodeURIComponent;

  return {
    request,
    specs: {
      list: (params: SpecListParams = {}, signal?: AbortSignal) =>
        request<ListResponse<Spec>>("/api/specs", { query: { ...params }, signal }),
      get: (id: string, signal?: AbortSignal) => request<Spec>(`/api/specs/${enc(id)}`, { signal }),
      create: (input: CreateSpecInput) => request<Spec>("/api/specs", { method: "POST", body: input }),
      update: (id: string, input: UpdateSpecInput) =>
        request<Spec>(`/api/specs/${enc(id)}`, { method: "PATCH", body: input }),
      delete: (id: string, options: { detachIssues?: boolean } = {}) =>
        request<DeleteSpecResponse>(`/api/specs/${enc(id)}`, {
          method: "DELETE",
          query: { detachIssues: options.detachIssues ? "true" : undefined },
        }),
    },
    issues: {
      list: (params: IssueListParams = {}, signal?: AbortSignal) =>
        request<ListResponse<Issue>>("/api/issues", { query: { ...params }, signal }),
      get: (id: string, signal?: AbortSignal) => request<Issue>(`/api/issues/${enc(id)}`, { signal }),
      create: (input: CreateIssueInput) => request<Issue>("/api/issues", { method: "POST", body: input }),
      update: (id: string, input: UpdateIssueInput) =>
        request<Issue>(`/api/issues/${enc(id)}`, { method: "PATCH", body: input }),
      delete: (id: string) => request<DeleteIssueResponse>(`/api/issues/${enc(id)}`, { method: "DELETE" }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The same-origin client the UI uses. */
export const api: ApiClient = createApiClient();

export type { IssuePriority, IssueStatus };
