// Calling the real route handlers in-process, with real Request objects:
// one way for every integration test (no HTTP server needed).

/** A route handler as Next calls it: the request and the dynamic route's params (each route types its own). */
export type Handler = (request: Request, context: never) => Promise<Response>;

export type ApiResult<T> = { status: number; headers: Headers; body: T };
/** Every error response: { error: { code, message, details? } }. */
export type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

const BASE = "http://127.0.0.1:3000";

/** A JSON request for calling a route handler directly. `body` strings are sent verbatim. */
export function apiRequest(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Request {
  const init: RequestInit = { method, headers: { accept: "application/json", ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  return new Request(new URL(path, BASE), init);
}

/** The second argument Next passes to handlers of dynamic routes. */
export function routeParams<T extends Record<string, string>>(params: T): { params: Promise<T> } {
  return { params: Promise.resolve(params) };
}

/** Calls a handler and reads its JSON answer (null for an empty body). Untyped answers are `any`, as JSON.parse's are. */
export async function call<T = any>(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<ApiResult<T>> {
  const response = await handler(request, routeParams(params) as never);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * Builds the request and calls the handler: GET without a body, POST with one,
 * unless `method` says otherwise. `id` is the route's `[id]` param.
 */
export function send<T = unknown>(
  handler: Handler,
  options: { id?: string; method?: string; path?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined && options.rawBody === undefined ? "GET" : "POST");
  const request = new Request(`${BASE}${options.path ?? "/api/test"}`, {
    method,
    headers: { ...(method === "GET" ? {} : { "content-type": "application/json" }), ...(options.headers ?? {}) },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  return call<T>(handler, request, { id: options.id ?? "" });
}

/** The error of an error answer (fails the test when the answer is not one). */
export function expectError(result: ApiResult<unknown>): ErrorBody["error"] {
  const body = result.body as ErrorBody;
  if (!body || typeof body !== "object" || !("error" in body)) throw new Error(`expected an error body, got ${result.status} ${JSON.stringify(result.body)}`);
  return body.error;
}
