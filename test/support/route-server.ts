import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Handler } from "@/test/support/api";

// Serves route handlers over real HTTP on a loopback port, for clients that
// are separate processes (an agent CLI calling /api/mcp): each request
// becomes a Request for the handler of its method, as Next would make it.

export type RouteServer = { url: string; port: number; close(): Promise<void> };

export async function startRouteServer(routes: Record<string, Partial<Record<"GET" | "POST" | "DELETE", Handler>>>): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
      const handler = routes[url.pathname]?.[req.method as "GET" | "POST" | "DELETE"];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
      headers.set("x-forwarded-for", req.socket.remoteAddress ?? "");
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const response = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve({}) } as never);
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
