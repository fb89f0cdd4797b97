import type http from "node:http";
import {
  DEFAULT_USAGE,
  callArguments,
  contentText,
  parseArguments,
  startModelApi,
  type ModelApi,
  type ModelApiOptions,
  type ModelMessage,
  type ModelRequest,
  type ReplyUsage,
  type StreamedReply,
  type Wire,
} from "@/test/support/stand-in/model-api";
import { chunks, openEventStream, sendJson, standInId } from "@/test/support/stand-in/server";

// A stand-in for the OpenAI Chat Completions API (`POST …/chat/completions`,
// streamed as `data:` chunks ending in `data: [DONE]`), the wire opencode
// (@ai-sdk/openai-compatible), Qwen Code (--auth-type openai) and Copilot CLI
// (BYOK) speak. Tool calls stream as `delta.tool_calls` pieces and finish
// with `finish_reason: "tool_calls"`; the usage comes in a last chunk with no
// choices, as OpenAI sends it for `stream_options.include_usage`.

type Json = Record<string, unknown>;

function parseChatRequest(_req: http.IncomingMessage, body: Json): ReturnType<Wire["parse"]> {
  const system: string[] = [];
  const messages: ModelMessage[] = [];
  for (const message of Array.isArray(body.messages) ? (body.messages as Json[]) : []) {
    if (!message || typeof message !== "object") continue;
    const text = contentText(message.content);
    if (message.role === "system" || message.role === "developer") system.push(text);
    else if (message.role === "user") messages.push({ role: "user", text, toolCalls: [] });
    else if (message.role === "assistant") {
      const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as Json[]) : [];
      const toolCalls = calls.map((call) => {
        const fn = (call.function ?? {}) as Json;
        return { id: String(call.id ?? ""), name: String(fn.name ?? ""), arguments: parseArguments(fn.arguments) };
      });
      messages.push({ role: "assistant", text, toolCalls });
    } else if (message.role === "tool") {
      messages.push({ role: "tool", text, toolCalls: [], toolCallId: String(message.tool_call_id ?? "") });
    }
  }
  const tools = (Array.isArray(body.tools) ? (body.tools as Json[]) : []).map((tool) => String(((tool?.function ?? {}) as Json).name ?? tool?.type ?? ""));
  return { model: typeof body.model === "string" ? body.model : undefined, stream: body.stream === true, system: system.join("\n\n"), messages, tools };
}

function usageOf(usage: ReplyUsage = DEFAULT_USAGE): Json {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
  };
}

async function replyChat(res: http.ServerResponse, reply: StreamedReply, request: ModelRequest): Promise<void> {
  const id = standInId("chatcmpl");
  const model = request.model ?? "stand-in-model";
  const created = Math.floor(Date.now() / 1000);
  const calls = reply.kind === "tool_use" ? reply.calls.map((call) => ({ ...call, id: call.id ?? standInId("call") })) : [];
  const finishReason = reply.kind === "tool_use" ? "tool_calls" : "stop";
  const usage = reply.kind === "hang" ? undefined : reply.usage;

  if (!request.stream) {
    const toolCalls = calls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(callArguments(call)) } }));
    sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: reply.text ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
          finish_reason: finishReason,
        },
      ],
      usage: usageOf(usage),
    });
    return;
  }

  const sse = openEventStream(res, reply.kind === "text" ? (reply.chunkDelayMs ?? 0) : 0);
  const chunk = (choices: Json[], extra: Json = {}) => sse.data({ id, object: "chat.completion.chunk", created, model, choices, ...extra });
  const delta = (value: Json, finish: string | null = null) => chunk([{ index: 0, delta: value, finish_reason: finish }]);

  await delta({ role: "assistant", content: "" });
  if (reply.text) {
    for (const piece of chunks(reply.text, reply.kind === "text" ? (reply.chunkSize ?? 8) : 8)) await delta({ content: piece });
  }
  if (reply.kind === "hang") return; // never finish: close() destroys the socket
  for (const [index, call] of calls.entries()) {
    await delta({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
    for (const piece of chunks(JSON.stringify(callArguments(call)), 24)) await delta({ tool_calls: [{ index, function: { arguments: piece } }] });
  }
  await delta({}, finishReason);
  await chunk([], { usage: usageOf(usage) });
  await sse.data("[DONE]");
  sse.end();
}

export const chatCompletionsWire: Wire = {
  name: "chat",
  matches: (method, pathname) => method === "POST" && pathname.endsWith("/chat/completions"),
  parse: parseChatRequest,
  reply: replyChat,
  sendError: (res, status, message) => sendJson(res, status, { error: { message, type: status === 400 ? "invalid_request_error" : "api_error", code: null } }),
};

export type ChatCompletionsApi = ModelApi;

export function startChatCompletionsApi(options: ModelApiOptions = {}): Promise<ChatCompletionsApi> {
  return startModelApi([chatCompletionsWire], options);
}
