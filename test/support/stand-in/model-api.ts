import type http from "node:http";
import { askScript, parseJsonObject, standInHandle, startStandInServer, type OtherRequest } from "@/test/support/stand-in/server";

// One scriptable, recording model API, whatever its wire format. A wire
// module (responses-api.ts, chat-completions-api.ts, gemini-api.ts) turns a
// request body into the common ModelRequest below and a Reply into its own
// SSE; everything else — recording every request in arrival order, asking
// the script, delays, HTTP errors, replies that hang — lives here once.
//
// Tests assert on `requests`: each holds the whole conversation the CLI sent
// (normalized to user/assistant/tool messages), which is how a test proves a
// Continue carried the history and a Fork branched it.

export type WireName = "responses" | "chat" | "gemini";

export interface ToolCallMade {
  id: string;
  name: string;
  /** The namespace the function was called in (Responses API: Codex's MCP tools, `mcp__arbor`). */
  namespace?: string;
  /** Parsed arguments when they were JSON, else the raw text. */
  arguments: unknown;
}

export interface ModelMessage {
  role: "user" | "assistant" | "tool";
  /** The message's text parts, joined with "\n" (tool output for role "tool"). */
  text: string;
  /** Tool calls an assistant message made. */
  toolCalls: ToolCallMade[];
  /** For role "tool": the call it answers. */
  toolCallId?: string;
}

/** One model call, as received. */
export interface ModelRequest {
  /** 0-based position among all model calls this stand-in received. */
  index: number;
  wire: WireName;
  path: string;
  headers: http.IncomingHttpHeaders;
  model: string | undefined;
  stream: boolean;
  /** System / developer instructions, joined. */
  system: string;
  messages: ModelMessage[];
  /**
   * Names of the tools the CLI offered. A Responses-API namespace (Codex's
   * MCP servers) gives its own name and then `<namespace>.<function>` per function.
   */
  tools: string[];
  body: Record<string, unknown>;
}

export interface ToolCall {
  /** Defaults to a fresh id. */
  id?: string;
  name: string;
  /**
   * Responses API only: call `name` inside this namespace tool (Codex offers
   * an MCP server's tools as namespace `mcp__<server>`; a flat
   * `mcp__<server>__<tool>` is an "unsupported call" there).
   */
  namespace?: string;
  /**
   * The call's arguments. A string is a freeform input (Responses API
   * `custom_tool_call`, e.g. Codex's apply_patch); the other wires send it
   * as `{ "input": <string> }`.
   */
  input: Record<string, unknown> | string;
}

/** The arguments of a call as a JSON object (a freeform input becomes `{ input }`). */
export function callArguments(call: ToolCall): Record<string, unknown> {
  return typeof call.input === "string" ? { input: call.input } : call.input;
}

/** Token counts a reply reports (default 11 in, 7 out: easy to add up in assertions). */
export interface ReplyUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens?: number;
}

export const DEFAULT_USAGE: ReplyUsage = { inputTokens: 11, outputTokens: 7, cachedTokens: 0 };

/** How the stand-in answers one model call. */
export type Reply =
  | {
      kind: "text";
      text: string;
      /** Streamed in deltas of at most this many characters (default 8). */
      chunkSize?: number;
      /** Pause between streamed events. */
      chunkDelayMs?: number;
      /** Pause before answering at all. */
      delayMs?: number;
      usage?: ReplyUsage;
    }
  | { kind: "tool_use"; calls: ToolCall[] /** Text before the calls. */; text?: string; delayMs?: number; usage?: ReplyUsage }
  | {
      /** Starts the stream (optionally with some text), then never ends it: a stuck model. close() tears it down. */
      kind: "hang";
      text?: string;
    }
  | { kind: "http_error"; status: number; message?: string; delayMs?: number };

export type StreamedReply = Exclude<Reply, { kind: "http_error" }>;

export type Script = (request: ModelRequest) => Reply | Promise<Reply>;

/** What a wire module provides. */
export interface Wire {
  name: WireName;
  matches(method: string, pathname: string): boolean;
  /** The request's parts in the common shape; throws on a body it cannot read. */
  parse(req: http.IncomingMessage, body: Record<string, unknown>): Omit<ModelRequest, "index" | "wire" | "path" | "headers" | "body">;
  reply(res: http.ServerResponse, reply: StreamedReply, request: ModelRequest): Promise<void>;
  sendError(res: http.ServerResponse, status: number, message: string): void;
}

export interface ModelApi {
  url: string;
  port: number;
  /** Every model call, in arrival order (live array). */
  requests: ModelRequest[];
  otherRequests: OtherRequest[];
  setScript(script: Script): void;
  close(): Promise<void>;
}

export interface ModelApiOptions {
  script?: Script;
  port?: number;
}

// ── Reading a conversation ────────────────────────────────────────────────

/**
 * CLIs wrap context they inject in tags (<environment_context>, <session_context>,
 * <system-reminder>, <current_datetime>): a text that is only such blocks is
 * not something a person typed, and a prompt prefixed with them is the rest.
 */
const CONTEXT_BLOCK = /^\s*<([a-z][\w-]*)>[\s\S]*?<\/\1>\s*/i;

/** The text a person wrote, with injected context blocks removed from its start. */
export function withoutContext(text: string): string {
  let rest = text;
  for (let match = CONTEXT_BLOCK.exec(rest); match; match = CONTEXT_BLOCK.exec(rest)) rest = rest.slice(match[0].length);
  return rest.trim();
}

/** The conversation as role/text pairs (user and assistant only, injected context dropped), for assertions. */
export function conversation(request: ModelRequest): Array<{ role: string; text: string }> {
  return request.messages
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map((m) => ({ role: m.role, text: withoutContext(m.text) }))
    .filter((m) => m.text.length > 0);
}

/** Text of the last user message (the prompt), context dropped. */
export function lastUserText(request: ModelRequest): string {
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user" && withoutContext(m.text) !== "");
  return lastUser ? withoutContext(lastUser.text) : "";
}

/** Whether the CLI came back with tool results (the last message answers a tool call). */
export function isToolResultTurn(request: ModelRequest): boolean {
  return request.messages.at(-1)?.role === "tool";
}

/** The tool results of the last round, as sent back. */
export function lastToolResults(request: ModelRequest): ModelMessage[] {
  const results: ModelMessage[] = [];
  for (let i = request.messages.length - 1; i >= 0 && request.messages[i].role === "tool"; i--) results.unshift(request.messages[i]);
  return results;
}

/**
 * Default script: echo the last user message. Words in it trigger the
 * failure paths: FAILTEST answers 400, HANGTEST never finishes, SLOWTEST
 * waits 30 s before answering.
 */
export const echoScript: Script = (request) => {
  const text = lastUserText(request);
  if (text.includes("FAILTEST")) return { kind: "http_error", status: 400, message: "stand-in refuses: FAILTEST" };
  if (text.includes("HANGTEST")) return { kind: "hang", text: "Thinking" };
  if (text.includes("SLOWTEST")) return { kind: "text", text: `Echo: ${text}`, delayMs: 30_000 };
  return { kind: "text", text: `Echo: ${text}` };
};

// ── The server ────────────────────────────────────────────────────────────

export async function startModelApi(wires: Wire[], options: ModelApiOptions = {}): Promise<ModelApi> {
  let script: Script = options.script ?? echoScript;
  const requests: ModelRequest[] = [];

  const routes = wires.map((wire) => async (req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<boolean> => {
    const path = req.url ?? "/";
    if (!wire.matches(req.method ?? "GET", path.split("?")[0])) return false;
    const body = parseJsonObject(raw);
    if (!body) {
      wire.sendError(res, 400, "body is not a JSON object");
      return true;
    }
    let parts: ReturnType<Wire["parse"]>;
    try {
      parts = wire.parse(req, body);
    } catch (error) {
      wire.sendError(res, 400, `stand-in cannot read the request: ${String(error)}`);
      return true;
    }
    const request: ModelRequest = { index: requests.length, wire: wire.name, path, headers: req.headers, body, ...parts };
    requests.push(request);

    const reply = await askScript(script, request, res, (status, message) => wire.sendError(res, status, message));
    if (!reply) return true;
    if (reply.kind === "http_error") wire.sendError(res, reply.status, reply.message ?? "stand-in error");
    else await wire.reply(res, reply, request);
    return true;
  });

  const server = await startStandInServer({
    routes,
    port: options.port,
    sendError: (res, status, message) => wires[0].sendError(res, status, message),
  });
  return standInHandle(server, requests, (next: Script) => {
    script = next;
  });
}

/** The text of message content given as a string or as parts with `text` (OpenAI's wires), joined with "\n". */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (part && typeof part === "object" && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : ""))
    .filter((text) => text !== "")
    .join("\n");
}

/** Parses tool-call arguments sent as a JSON string; keeps the text when it is not JSON. */
export function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
