// The transport of Arbor's JSON API for the UI (and scripts): one request
// function that sends JSON, reads JSON and turns every non-2xx answer into an
// ApiError carrying the API's message. The calls per domain are in
// lib/<domain>/api.ts.
import { ApiError, apiErrorFrom } from "@/lib/api-error";

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
    new Headers(extraHeaders).forEach((value, key) => {
      headers.set(key, value);
    });
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
    let data: unknown;
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

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A fresh Idempotency-Key: POSTs that create executions carry one, so a double submit makes one run. */
export function idempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
}

/** The same-origin client the UI uses. */
export const api: ApiClient = createApiClient();
