import { main } from "@/cli/main";
import { routeParams, type Handler } from "@/test/support/api";

// Runs the `arbor` CLI in-process with its fetch routed to the real route
// handlers, so CLI tests need no HTTP server.

/** Path patterns and their handlers by method; a pattern's first group is the route's `[id]`. */
export type Routes = [RegExp, { GET?: Handler; POST?: Handler; PUT?: Handler; PATCH?: Handler; DELETE?: Handler }][];

/** A fetch that serves `routes` in-process (404 for anything else). */
export function routedFetch(routes: Routes): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    for (const [pattern, handlers] of routes) {
      const match = pattern.exec(pathname);
      const handler = match ? (handlers as Record<string, Handler | undefined>)[request.method] : undefined;
      if (handler) return handler(request, routeParams({ id: decodeURIComponent(match![1] ?? "") }) as never);
    }
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
}

/** `arbor <argv>` with plain output; what it printed and its exit code. */
export async function runArbor(argv: string[], options: { fetch: typeof fetch; stdin?: string; cwd?: string }) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    env: { NO_COLOR: "1" },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    ...(options.cwd ? { cwd: options.cwd } : {}),
    readStdin: async () => options.stdin ?? "",
    fetch: options.fetch,
  });
  return { code, stdout, stderr };
}
