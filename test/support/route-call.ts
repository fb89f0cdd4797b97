// Calls a Next route handler in-process, as the framework would, and reads its JSON.

type Handler = (request: Request, context: never) => Promise<Response>;

export interface RouteCall {
  method?: string;
  /** Path and query, e.g. "/api/projects?limit=5". */
  url?: string;
  /** Route params (`{ id }`). */
  params?: Record<string, string>;
  /** JSON body; a string is sent verbatim. */
  body?: unknown;
}

export async function callRoute(handler: Handler, options: RouteCall = {}): Promise<{ status: number; body: any }> {
  const init: RequestInit = { method: options.method ?? "GET", headers: { accept: "application/json" } };
  if (options.body !== undefined) {
    init.body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const request = new Request(new URL(options.url ?? "/api/test", "http://127.0.0.1:3000"), init);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) } as never);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Sets environment variables for the route handlers (they read process.env); returns a function that restores them. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(vars);
  return () => apply(saved);
}
