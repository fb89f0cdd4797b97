import type http from "node:http";
import {
  arrivalOf,
  askScript,
  chunks,
  openEventStream,
  parseJsonObject,
  sendJson,
  standInHandle,
  standInId,
  startStandInServer,
  type OtherRequest,
} from "@/test/support/stand-in/server";

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
  /** When its headers arrived, CLOCK_MONOTONIC in ms (benchmarks: request → model request). */
  arrivedAt: number;
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

export type { OtherRequest };

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
    return content.map((part) => (part && typeof part === "object" && typeof part.text === "string" ? part.text : "")).join("\n");
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

  async function answerMessages(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<boolean> {
    if (req.method !== "POST" || (req.url ?? "").split("?")[0] !== "/v1/messages") return false;
    const body = parseJsonObject(raw);
    if (!body) {
      sendError(res, 400, "invalid_request_error", "body is not JSON");
      return true;
    }
    const sessionHeader = req.headers["x-claude-code-session-id"];
    const request: RecordedRequest = {
      index: requests.length,
      arrivedAt: arrivalOf(req),
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

    const reply = await askScript(script, request, res, (status, message) => sendError(res, status, errorTypeFor(status), message));
    if (!reply) return true;

    if (reply.kind === "http_error") {
      sendError(res, reply.status, reply.errorType ?? errorTypeFor(reply.status), reply.message ?? "stand-in error");
      return true;
    }
    const messageId = standInId("msg");
    const model = request.model ?? "claude-stand-in";
    if (request.stream) {
      await streamReply(res, reply, messageId, model);
    } else {
      sendJson(res, 200, wholeMessage(reply, messageId, model));
    }
    return true;
  }

  // Recorded with the other requests (as before), but answered.
  const countTokens = (req: http.IncomingMessage, res: http.ServerResponse, raw: string): boolean => {
    if (req.method !== "POST" || (req.url ?? "").split("?")[0] !== "/v1/messages/count_tokens") return false;
    server.otherRequests.push({ method: "POST", path: req.url ?? "", body: raw });
    sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(raw.length / 4)) });
    return true;
  };

  async function streamReply(res: http.ServerResponse, reply: Exclude<Reply, { kind: "http_error" }>, messageId: string, model: string): Promise<void> {
    const sse = openEventStream(res, reply.kind === "text" ? (reply.chunkDelayMs ?? 0) : 0);
    const send = (type: string, data: Record<string, unknown>): Promise<void> => sse.named(type, { type, ...data });

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
          content_block: { type: "tool_use", id: call.id ?? standInId("toolu"), name: call.name, input: {} },
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
    sse.end();
  }

  const server = await startStandInServer({
    routes: [answerMessages, countTokens],
    port: options.port,
    sendError: (res, status, message) => sendError(res, status, errorTypeFor(status), message),
  });

  return standInHandle(server, requests, (next: Script) => {
    script = next;
  });
}

function wholeMessage(reply: Exclude<Reply, { kind: "http_error" }>, id: string, model: string): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (reply.kind === "tool_use") {
    if (reply.text) content.push({ type: "text", text: reply.text });
    for (const call of reply.calls) {
      content.push({ type: "tool_use", id: call.id ?? standInId("toolu"), name: call.name, input: call.input });
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
