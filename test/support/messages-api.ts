import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Anthropic Messages API, good enough for the real
 * Claude Code CLI to run against offline. Every test that runs an agent uses
 * it: point the CLI at `url` with `claudeTestEnv()`, decide each reply with a
 * script, then assert on the recorded requests (they carry the whole
 * conversation the CLI sent, which is how a test proves a Continue carried the
 * history and a Fork branched it).
 */

/** One content block as the CLI sends it (text, tool_use, tool_result, …). */
export type ContentBlock = { type: string; [key: string]: unknown };

export interface ApiMessage {
  role: string;
  content: string | ContentBlock[];
}

/** One POST to /v1/messages, as received. */
export interface RecordedRequest {
  /** 0-based position among all /v1/messages requests this stand-in received. */
  index: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The CLI names its session in this header; handy to tell runs apart. */
  sessionId: string | undefined;
  model: string | undefined;
  system: unknown;
  messages: ApiMessage[];
  tools: unknown[];
  stream: boolean;
  body: Record<string, unknown>;
}

/** Any other request the CLI made (count_tokens, probes, …), for debugging. */
export interface OtherRequest {
  method: string;
  path: string;
  body: string;
}

export interface ToolCall {
  /** Defaults to a fresh `toolu_…` id. */
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

/**
 * Input usage a reply reports (message_start), e.g. prompt-cache reads to
 * test resume telemetry. Defaults: 12 input tokens, no cache.
 */
export type ReplyUsage = { input_tokens?: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number };

/** How the stand-in answers one /v1/messages request. */
export type Reply =
  | {
      kind: "text";
      text: string;
      usage?: ReplyUsage;
      /** Emitted as a thinking block before the text. */
      thinking?: string;
      /** The text is streamed in deltas of at most this many characters (default 8). */
      chunkSize?: number;
      /** Pause between streamed events, to make a run observable mid-flight. */
      chunkDelayMs?: number;
      /** Pause before answering at all. */
      delayMs?: number;
    }
  | {
      kind: "tool_use";
      calls: ToolCall[];
      usage?: ReplyUsage;
      /** Optional text block before the tool calls ("Let me look…"). */
      text?: string;
      delayMs?: number;
    }
  | {
      /**
       * Starts the stream (optionally with some text) and then never sends
       * another byte nor ends it: the CLI waits forever, as with a stuck model.
       * Used by cancel tests. close() tears these connections down.
       */
      kind: "hang";
      text?: string;
    }
  | {
      /**
       * An API error. Claude Code 2.1.330 retries 5xx/429 with backoff (set
       * CLAUDE_CODE_MAX_RETRIES=0 in the CLI's env to fail at once), re-sends a
       * 400 a few times with fewer beta features, and a 404 once more, so a
       * script may see the same turn several times.
       */
      kind: "http_error";
      status: number;
      errorType?: string;
      message?: string;
      delayMs?: number;
    };

export type Script = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface MessagesApi {
  url: string;
  port: number;
  /** Every /v1/messages request, in arrival order (live array). */
  requests: RecordedRequest[];
  /** Everything else the CLI asked for (live array). */
  otherRequests: OtherRequest[];
  setScript(script: Script): void;
  close(): Promise<void>;
}

export interface MessagesApiOptions {
  script?: Script;
  /** Defaults to an ephemeral port on 127.0.0.1. */
  port?: number;
}

const SYSTEM_REMINDER = /^\s*<system-reminder>/;

/** Plain text of one message's content, skipping the CLI's injected system reminders. */
export function messageText(message: ApiMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .flatMap((block) => {
      if (block.type === "text" && typeof block.text === "string" && !SYSTEM_REMINDER.test(block.text)) {
        return [block.text];
      }
      if (block.type === "tool_result") return [toolResultText(block)];
      return [];
    })
    .join("\n");
}

function toolResultText(block: ContentBlock): string {
  const content = block.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === "object" && typeof part.text === "string" ? part.text : ""))
      .join("\n");
  }
  return "";
}

/** The conversation as role/text pairs (user and assistant turns only), for assertions. */
export function conversation(request: RecordedRequest): Array<{ role: string; text: string }> {
  return request.messages
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map((m) => ({ role: m.role, text: messageText(m) }))
    .filter((m) => m.text.length > 0);
}

/** Text of the last user turn (a prompt, or the tool results the CLI sends back). */
export function lastUserText(request: RecordedRequest): string {
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user");
  return lastUser ? messageText(lastUser) : "";
}

/** Whether the last user turn carries tool results (the CLI came back after running tools). */
export function isToolResultTurn(request: RecordedRequest): boolean {
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user");
  return !!lastUser && Array.isArray(lastUser.content) && lastUser.content.some((b) => b.type === "tool_result");
}

/** Default script: echo the last user message, so tests can assert on it. */
export const echoScript: Script = (request) => ({ kind: "text", text: `Echo: ${lastUserText(request)}` });

/**
 * Env for running the real `claude` binary against the stand-in, isolated in
 * `configDir` (sessions, transcripts and settings all live there).
 * ANTHROPIC_AUTH_TOKEN is removed (undefined) so a developer's real token can
 * never take precedence over the dummy key.
 */
export function claudeTestEnv(api: Pick<MessagesApi, "url">, configDir: string): Record<string, string | undefined> {
  return {
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_AUTH_TOKEN: undefined,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CONFIG_DIR: configDir,
  };
}

export async function startMessagesApi(options: MessagesApiOptions = {}): Promise<MessagesApi> {
  let script: Script = options.script ?? echoScript;
  const requests: RecordedRequest[] = [];
  const otherRequests: OtherRequest[] = [];
  const openResponses = new Set<http.ServerResponse>();
  let messageCounter = 0;

  const server = http.createServer((req, res) => {
    openResponses.add(res);
    res.on("close", () => openResponses.delete(res));
    readBody(req)
      .then((raw) => route(req, res, raw))
      .catch((error: unknown) => sendError(res, 500, "api_error", `stand-in failure: ${String(error)}`));
  });
  // A client hanging up mid-request must never take the test process down.
  server.on("clientError", (_error, socket) => socket.destroy());

  async function route(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const pathname = path.split("?")[0];

    if (method === "POST" && pathname === "/v1/messages") {
      await answerMessages(req, res, raw);
      return;
    }
    otherRequests.push({ method, path, body: raw });
    if (method === "POST" && pathname === "/v1/messages/count_tokens") {
      sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(raw.length / 4)) });
      return;
    }
    if (method === "HEAD" || (method === "GET" && (pathname === "/" || pathname === "/v1"))) {
      sendJson(res, 200, {});
      return;
    }
    sendError(res, 404, "not_found_error", `stand-in does not serve ${method} ${pathname}`);
  }

  async function answerMessages(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      sendError(res, 400, "invalid_request_error", "body is not JSON");
      return;
    }
    const sessionHeader = req.headers["x-claude-code-session-id"];
    const request: RecordedRequest = {
      index: requests.length,
      path: req.url ?? "",
      headers: req.headers,
      sessionId: typeof sessionHeader === "string" ? sessionHeader : undefined,
      model: typeof body.model === "string" ? body.model : undefined,
      system: body.system,
      messages: Array.isArray(body.messages) ? (body.messages as ApiMessage[]) : [],
      tools: Array.isArray(body.tools) ? body.tools : [],
      stream: body.stream === true,
      body,
    };
    requests.push(request);

    let reply: Reply;
    try {
      reply = await script(request);
    } catch (error) {
      // 400 rather than 5xx: the CLI does not retry it, so a broken script fails fast.
      sendError(res, 400, "invalid_request_error", `stand-in script threw: ${String(error)}`);
      return;
    }
    if ("delayMs" in reply && reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;

    if (reply.kind === "http_error") {
      sendError(res, reply.status, reply.errorType ?? errorTypeFor(reply.status), reply.message ?? "stand-in error");
      return;
    }
    const messageId = `msg_standin_${++messageCounter}`;
    const model = request.model ?? "claude-stand-in";
    if (request.stream) {
      await streamReply(res, reply, messageId, model);
    } else {
      sendJson(res, 200, wholeMessage(reply, messageId, model));
    }
  }

  async function streamReply(
    res: http.ServerResponse,
    reply: Exclude<Reply, { kind: "http_error" }>,
    messageId: string,
    model: string,
  ): Promise<void> {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const pause = reply.kind === "text" ? (reply.chunkDelayMs ?? 0) : 0;
    const send = async (type: string, data: Record<string, unknown>): Promise<void> => {
      if (res.destroyed || res.writableEnded) return;
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      if (pause) await sleep(pause);
    };

    await send("message_start", {
      message: {
        id: messageId,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 12, output_tokens: 1, ...(reply.kind === "hang" ? {} : reply.usage) },
      },
    });

    let index = 0;
    let outputChars = 0;
    const textBlock = async (text: string, chunkSize: number): Promise<void> => {
      await send("content_block_start", { index, content_block: { type: "text", text: "" } });
      for (const piece of chunks(text, chunkSize)) {
        await send("content_block_delta", { index, delta: { type: "text_delta", text: piece } });
      }
      await send("content_block_stop", { index });
      outputChars += text.length;
      index++;
    };

    if (reply.kind === "hang") {
      if (reply.text) {
        await send("content_block_start", { index, content_block: { type: "text", text: "" } });
        await send("content_block_delta", { index, delta: { type: "text_delta", text: reply.text } });
      }
      return; // never end: close() destroys the socket
    }

    let stopReason = "end_turn";
    if (reply.kind === "text") {
      if (reply.thinking) {
        await send("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
        await send("content_block_delta", { index, delta: { type: "thinking_delta", thinking: reply.thinking } });
        await send("content_block_delta", { index, delta: { type: "signature_delta", signature: "stand-in" } });
        await send("content_block_stop", { index });
        index++;
      }
      await textBlock(reply.text, reply.chunkSize ?? 8);
    } else {
      if (reply.text) await textBlock(reply.text, 8);
      for (const call of reply.calls) {
        const json = JSON.stringify(call.input);
        await send("content_block_start", {
          index,
          content_block: { type: "tool_use", id: call.id ?? newToolUseId(), name: call.name, input: {} },
        });
        for (const piece of chunks(json, 16)) {
          await send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } });
        }
        await send("content_block_stop", { index });
        outputChars += json.length;
        index++;
      }
      stopReason = "tool_use";
    }
    await send("message_delta", {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: Math.max(1, Math.ceil(outputChars / 4)) },
    });
    await send("message_stop", {});
    if (!res.destroyed) res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    otherRequests,
    setScript(next) {
      script = next;
    },
    close() {
      for (const res of openResponses) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function wholeMessage(reply: Exclude<Reply, { kind: "http_error" }>, id: string, model: string): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (reply.kind === "tool_use") {
    if (reply.text) content.push({ type: "text", text: reply.text });
    for (const call of reply.calls) {
      content.push({ type: "tool_use", id: call.id ?? newToolUseId(), name: call.name, input: call.input });
    }
  } else {
    // A hang cannot be expressed without streaming: answer with its text.
    content.push({ type: "text", text: reply.text ?? "" });
  }
  return {
    id,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: reply.kind === "tool_use" ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 4 },
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

function sendError(res: http.ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: "error", error: { type, message } });
}

function errorTypeFor(status: number): string {
  if (status === 400) return "invalid_request_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  return "api_error";
}

function* chunks(text: string, size: number): Generator<string> {
  if (text.length === 0) {
    yield "";
    return;
  }
  for (let i = 0; i < text.length; i += Math.max(1, size)) yield text.slice(i, i + Math.max(1, size));
}

let toolUseCounter = 0;
function newToolUseId(): string {
  return `toolu_standin_${Date.now().toString(36)}_${++toolUseCounter}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
