import http from "node:http";
import type { AddressInfo } from "node:net";

// The HTTP half every model-API stand-in shares: one server on 127.0.0.1,
// the body read whole, routes tried in order, anything unrouted recorded
// (and answered 404) so a test can see what a CLI asked for that no stand-in
// serves, and a close() that also tears down replies left hanging on purpose.
// The wire formats (Messages, Responses, Chat Completions, Gemini) are the
// modules next to this one; they only parse requests and write replies.

/** A request no route took (probes, count_tokens, telemetry, …), for debugging. */
export interface OtherRequest {
  method: string;
  path: string;
  body: string;
}

/** Answers the request and returns true, or returns false to let the next route try. */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => Promise<boolean> | boolean;

export interface StandInServer {
  url: string;
  port: number;
  /** Requests no route took, in arrival order (live array). */
  otherRequests: OtherRequest[];
  close(): Promise<void>;
}

export interface StandInServerOptions {
  routes: Route[];
  /** Defaults to an ephemeral port on 127.0.0.1. */
  port?: number;
  /** Writes the error body for a route that threw and for unrouted requests (each wire has its own error shape). */
  sendError: (res: http.ServerResponse, status: number, message: string) => void;
}

/**
 * When a request's headers arrived, on CLOCK_MONOTONIC in ms (one clock for
 * every process on Linux, so benchmarks compare it with stamps taken
 * elsewhere): before its body is read and before any script runs.
 */
const arrivals = new WeakMap<http.IncomingMessage, number>();

export function arrivalOf(req: http.IncomingMessage): number {
  return arrivals.get(req) ?? monotonicMs();
}

export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export async function startStandInServer(options: StandInServerOptions): Promise<StandInServer> {
  const otherRequests: OtherRequest[] = [];
  const openResponses = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    arrivals.set(req, monotonicMs());
    openResponses.add(res);
    res.on("close", () => openResponses.delete(res));
    readBody(req)
      .then(async (raw) => {
        for (const route of options.routes) if (await route(req, res, raw)) return;
        const method = req.method ?? "GET";
        const path = req.url ?? "/";
        otherRequests.push({ method, path, body: raw });
        if (method === "HEAD" || (method === "GET" && (path === "/" || path === "/v1"))) sendJson(res, 200, {});
        else options.sendError(res, 404, `stand-in does not serve ${method} ${path.split("?")[0]}`);
      })
      .catch((error: unknown) => options.sendError(res, 500, `stand-in failure: ${String(error)}`));
  });
  // A client hanging up mid-request must never take the test process down.
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    otherRequests,
    close() {
      for (const res of openResponses) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** What every stand-in hands a test: its address, what it recorded, its script, close(). */
export function standInHandle<Request, Script>(server: StandInServer, requests: Request[], setScript: (script: Script) => void) {
  return { url: server.url, port: server.port, requests, otherRequests: server.otherRequests, setScript, close: () => server.close() };
}

/**
 * Asks the script how to answer. A script that throws is answered 400 (not a
 * 5xx: CLIs do not retry it, so a broken script fails fast). A reply's
 * `delayMs` is waited out here. Null: the answer was already sent, or the
 * client went away meanwhile.
 */
export async function askScript<Request, Reply extends object>(
  script: (request: Request) => Reply | Promise<Reply>,
  request: Request,
  res: http.ServerResponse,
  sendError: (status: number, message: string) => void,
): Promise<Reply | null> {
  let reply: Reply;
  try {
    reply = await script(request);
  } catch (error) {
    sendError(400, `stand-in script threw: ${String(error)}`);
    return null;
  }
  const delay = "delayMs" in reply ? (reply as { delayMs?: unknown }).delayMs : undefined;
  if (typeof delay === "number" && delay > 0) await sleep(delay);
  return res.destroyed ? null : reply;
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

/** The body as a JSON object, or null when it is not one. */
export function parseJsonObject(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

/**
 * A server-sent-events writer. `named` frames carry an `event:` line (Anthropic,
 * OpenAI Responses); plain ones only `data:` (Chat Completions, Gemini).
 * Writes after the client went away are dropped; `pauseMs` spaces events out.
 */
export function openEventStream(res: http.ServerResponse, pauseMs = 0) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const write = async (frame: string): Promise<void> => {
    if (res.destroyed || res.writableEnded) return;
    res.write(frame);
    if (pauseMs) await sleep(pauseMs);
  };
  return {
    named: (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    data: (data: unknown) => write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`),
    end(): void {
      if (!res.destroyed && !res.writableEnded) res.end();
    },
  };
}

/** `text` in pieces of at most `size` characters (one empty piece for ""). */
export function* chunks(text: string, size: number): Generator<string> {
  if (text.length === 0) {
    yield "";
    return;
  }
  const step = Math.max(1, size);
  for (let i = 0; i < text.length; i += step) yield text.slice(i, i + step);
}

let idCounter = 0;
/** A fresh id such as `call_standin_lq2x_3`. */
export function standInId(prefix: string): string {
  return `${prefix}_standin_${Date.now().toString(36)}_${++idCounter}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
