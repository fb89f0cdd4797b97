import path from "node:path";
import { POST as createRoute } from "@/app/api/executions/route";
import { GET as getRoute } from "@/app/api/executions/[id]/route";
import { GET as eventsRoute } from "@/app/api/executions/[id]/events/route";
import { POST as continueRoute } from "@/app/api/executions/[id]/continue/route";
import { POST as forkRoute } from "@/app/api/executions/[id]/fork/route";
import { POST as cancelRoute } from "@/app/api/executions/[id]/cancel/route";
import { POST as startFreshRoute } from "@/app/api/executions/[id]/start-fresh/route";
import { GET as sessionTreeRoute } from "@/app/api/issues/[id]/session-tree/route";
import type { ExecutionDto, SessionTreeNode } from "@/lib/execution-types";
import type { LogEntry } from "@/lib/log-entries";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { conversation, messageText, type MessagesApi, type RecordedRequest, type Reply } from "@/test/support/messages-api";

// Helpers shared by the executions integration tests: typed calls to the real
// route handlers with real Request objects, a stand-in script that can hold or
// hang chosen turns, and condition-based waiting (never fixed sleeps).

export type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

export type ApiResult<T> = { status: number; headers: Headers; body: T };
export type ApiError = { error: { code: string; message: string; details?: Record<string, unknown> } };

const BASE = "http://127.0.0.1:3000";

export async function send<T = unknown>(
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
  const response = await handler(request, { params: Promise.resolve({ id: options.id ?? "" }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** The API surface the tests drive, each call through the real route handler. */
export const api = {
  create: (body: unknown, headers?: Record<string, string>) => send<ExecutionDto>(createRoute, { body, headers, path: "/api/executions" }),
  get: (id: string) => send<ExecutionDto>(getRoute, { id, path: `/api/executions/${id}` }),
  continue: (id: string, prompt: string, headers?: Record<string, string>) =>
    send<ExecutionDto>(continueRoute, { id, body: { prompt }, headers, path: `/api/executions/${id}/continue` }),
  fork: (id: string, prompt: string, headers?: Record<string, string>) => send<ExecutionDto>(forkRoute, { id, body: { prompt }, headers, path: `/api/executions/${id}/fork` }),
  /** Continue or Fork with any body ({prompt, freshSession}). */
  followUp: (mode: "continue" | "fork", id: string, body: Record<string, unknown>) =>
    send<ExecutionDto>(mode === "continue" ? continueRoute : forkRoute, { id, body, path: `/api/executions/${id}/${mode}` }),
  cancel: (id: string) => send<ExecutionDto>(cancelRoute, { id, method: "POST", path: `/api/executions/${id}/cancel` }),
  startFresh: (id: string, body?: unknown) => send<ExecutionDto>(startFreshRoute, { id, method: "POST", body, path: `/api/executions/${id}/start-fresh` }),
  events: (id: string, after = 0) =>
    send<{ events: Array<{ seq: number; stream: string; kind: string; entries: LogEntry[] }>; nextAfter: number }>(eventsRoute, {
      id,
      path: `/api/executions/${id}/events?after=${after}&limit=5000`,
      headers: { accept: "application/json" },
    }),
  sessionTree: (issueId: string) => send<{ roots: SessionTreeNode[] }>(sessionTreeRoute, { id: issueId, path: `/api/issues/${issueId}/session-tree` }),
  routes: { createRoute, getRoute, eventsRoute, continueRoute, forkRoute, cancelRoute, startFreshRoute, sessionTreeRoute },
};

export function expectError(result: ApiResult<unknown>): ApiError["error"] {
  const body = result.body as ApiError;
  if (!body || typeof body !== "object" || !("error" in body)) throw new Error(`expected an error body, got ${result.status} ${JSON.stringify(result.body)}`);
  return body.error;
}

/** Polls `probe` until it returns something other than undefined/false/null. */
export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<NonNullable<Exclude<T, false>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as NonNullable<Exclude<T, false>>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** GET /api/executions/:id until the predicate holds. */
export function waitForDto(id: string, predicate: (dto: ExecutionDto) => boolean, what: string, timeoutMs = 60_000): Promise<ExecutionDto> {
  return waitFor(async () => {
    const got = await api.get(id);
    return got.status === 200 && predicate(got.body) ? got.body : undefined;
  }, `${what} (execution ${id})`, timeoutMs);
}

const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);
export const waitForEnd = (id: string, timeoutMs = 60_000) => waitForDto(id, (e) => TERMINAL.has(e.status), "a final status", timeoutMs);

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The prompt of the turn a request is for: the text of the last user message
 * that has any (a trailing message of nothing but system reminders is skipped).
 */
export function turnText(request: RecordedRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message.role !== "user") continue;
    const text = messageText(message);
    if (text.trim()) return text;
  }
  return "";
}

const echo = (request: RecordedRequest): Reply => ({ kind: "text", text: `Echo: ${turnText(request)}` });

/**
 * Decides the stand-in's reply per turn, by the prompt of the turn (the last
 * user text): hold a turn until released, hang it forever, or echo (default).
 */
export class StandIn {
  private rules: Array<{ prompt: string; reply: (request: RecordedRequest) => Reply | Promise<Reply> }> = [];

  constructor(readonly api: MessagesApi) {
    api.setScript((request) => {
      const text = turnText(request);
      const rule = this.rules.find((r) => text.includes(r.prompt));
      return rule ? rule.reply(request) : echo(request);
    });
  }

  /** The turn whose prompt contains `prompt` waits for release() before it is answered (with the echo). */
  hold(prompt: string) {
    const arrived = deferred<RecordedRequest>();
    const released = deferred();
    this.rules.unshift({
      prompt,
      reply: async (request) => {
        arrived.resolve(request);
        await released.promise;
        return echo(request);
      },
    });
    return { arrived: arrived.promise, release: () => released.resolve() };
  }

  /** The turn never gets an answer (the stream starts, then nothing): a stuck model. */
  hang(prompt: string) {
    const arrived = deferred<RecordedRequest>();
    this.rules.unshift({
      prompt,
      reply: (request) => {
        arrived.resolve(request);
        return { kind: "hang", text: "thinking…" };
      },
    });
    return { arrived: arrived.promise };
  }

  on(prompt: string, reply: (request: RecordedRequest) => Reply | Promise<Reply>) {
    this.rules.unshift({ prompt, reply });
  }

  /** Requests whose own turn (last user text) contains `prompt`. */
  requestsFor(prompt: string): RecordedRequest[] {
    return this.api.requests.filter((r) => turnText(r).includes(prompt));
  }

  /** The one request of the turn with this prompt (fails when there is not exactly one). */
  requestFor(prompt: string): RecordedRequest {
    const found = this.requestsFor(prompt);
    if (found.length !== 1) {
      const seen = this.api.requests.map((r) => `#${r.index} session ${r.sessionId}: ${JSON.stringify(conversation(r).map((m) => `${m.role}: ${m.text.slice(0, 80)}`))}`);
      throw new Error(`expected one request for "${prompt}", got ${found.length}; the stand-in saw:\n${seen.join("\n")}`);
    }
    return found[0];
  }
}

/** All text the model was sent in a request (every user and assistant turn), one turn per line. */
export function historyText(request: RecordedRequest): string {
  return conversation(request)
    .map((m) => `${m.role}: ${m.text}`)
    .join("\n");
}

/** Where Claude Code keeps a session's transcript for a cwd, under the isolated config dir. */
export function transcriptPath(configDir: string, cwd: string, sessionId: string): string {
  return path.join(configDir, "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), `${sessionId}.jsonl`);
}

export type SseMessage = { id?: string; event: string; data: string };

/** Reads Server-Sent Events frame by frame from a response body. */
export class SseReader {
  private buffer = "";
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  done = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event (comments and retry-only frames skipped), or null at the end of the stream. */
  async next(): Promise<SseMessage | null> {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end >= 0) {
        const frame = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const message = parseFrame(frame);
        if (message) return message;
        continue;
      }
      if (this.done) return null;
      const chunk = await this.reader.read();
      if (chunk.done) {
        this.done = true;
        continue;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}

function parseFrame(frame: string): SseMessage | null {
  let id: string | undefined;
  let event = "message";
  const data: string[] = [];
  let any = false;
  for (const line of frame.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else continue; // retry:, unknown fields
    any = true;
  }
  return any ? { id, event, data: data.join("\n") } : null;
}

/**
 * The set-up of a suite that runs agents: a fresh database, the harness (the
 * Messages-API stand-in, an isolated Claude config and workspace), a StandIn
 * controller and one in-process runner. Registers beforeAll/afterAll; the
 * returned object's fields are set once beforeAll ran.
 */
export function useRunningHarness(): { h: Harness; standIn: StandIn } {
  const suite = {} as { h: Harness; standIn: StandIn };
  beforeAll(async () => {
    await resetDb();
    suite.h = await createHarness();
    suite.standIn = new StandIn(suite.h.api);
    await suite.h.startRunner();
  });
  afterAll(async () => {
    await suite.h?.close();
    await releaseWorkerUtils();
    await prisma.$disconnect();
  });
  return suite;
}
