// Runs the `arbor` CLI in-process against the real route handlers: its fetch
// is routed to the handlers by path, so the CLI, the API and the database are
// all real, without an HTTP server.
import { main } from "@/cli/main";

type Handler = (request: Request, context: never) => Promise<Response>;

/** [path pattern (its first group is the route's `id`), the route module] */
export type RouteTable = [RegExp, Record<string, unknown>][];

export function routedFetch(routes: RouteTable): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    for (const [pattern, handlers] of routes) {
      const match = pattern.exec(pathname);
      const handler = match ? (handlers[request.method] as Handler | undefined) : undefined;
      if (handler) return handler(request, { params: Promise.resolve({ id: decodeURIComponent(match![1] ?? "") }) } as never);
    }
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
}

/**
 * `arbor <argv…>` with plain output; resolves to its exit code and what it
 * printed. `answer`: what the person types when the CLI asks on the terminal
 * (and the questions asked are returned); without it there is no terminal.
 */
export async function runArbor(routes: RouteTable, argv: string[], options: { cwd?: string; stdin?: string; answer?: string } = {}) {
  const asked: string[] = [];
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    env: { NO_COLOR: "1" },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: options.cwd ?? process.cwd(),
    readStdin: async () => options.stdin ?? "",
    ask: async (question: string) => {
      asked.push(question);
      return options.answer ?? null;
    },
    fetch: routedFetch(routes),
  });
  return { code, stdout, stderr, ...(options.answer !== undefined ? { asked } : {}) };
}
