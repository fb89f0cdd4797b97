import type http from "node:http";
import {
  callArguments,
  DEFAULT_USAGE,
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

// A stand-in for the Gemini API v1beta, as the Gemini CLI calls it through
// GOOGLE_GEMINI_BASE_URL: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`
// (`data:` frames of GenerateContentResponse, the last with finishReason and
// usageMetadata) and `POST …:generateContent` (one JSON body; the CLI's model
// router and other side calls use it). Tool calls are `functionCall` parts;
// the CLI answers them with `functionResponse` parts in a user turn.

type Json = Record<string, unknown>;

const MODEL_CALL = /\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

function parseGeminiRequest(req: http.IncomingMessage, body: Json): ReturnType<Wire["parse"]> {
  const pathname = (req.url ?? "").split("?")[0];
  const [, model, method] = MODEL_CALL.exec(pathname) ?? [];
  const partsOf = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]).filter((p) => p && typeof p === "object") : []);
  const texts = (parts: Json[]) =>
    parts
      .filter((p) => typeof p.text === "string" && p.thought !== true)
      .map((p) => p.text as string)
      .join("\n");

  const system = texts(partsOf(((body.systemInstruction ?? {}) as Json).parts));
  const messages: ModelMessage[] = [];
  for (const content of partsOf(body.contents)) {
    const parts = partsOf(content.parts);
    const responses = parts.filter((p) => p.functionResponse && typeof p.functionResponse === "object");
    for (const part of responses) {
      const response = part.functionResponse as Json;
      messages.push({ role: "tool", text: JSON.stringify(response.response ?? null), toolCalls: [], toolCallId: String(response.id ?? response.name ?? "") });
    }
    const toolCalls = parts
      .filter((p) => p.functionCall && typeof p.functionCall === "object")
      .map((p) => {
        const call = p.functionCall as Json;
        return { id: String(call.id ?? call.name ?? ""), name: String(call.name ?? ""), arguments: call.args ?? null };
      });
    const text = texts(parts);
    if (responses.length > 0 && text === "" && toolCalls.length === 0) continue;
    messages.push({ role: content.role === "model" ? "assistant" : "user", text, toolCalls });
  }
  const tools = partsOf(body.tools).flatMap((tool) => partsOf(tool.functionDeclarations).map((fn) => String(fn.name ?? "")));
  return { model, stream: method === "streamGenerateContent", system, messages, tools };
}

function usageOf(usage: ReplyUsage = DEFAULT_USAGE): Json {
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
    ...(usage.cachedTokens ? { cachedContentTokenCount: usage.cachedTokens } : {}),
  };
}

function callParts(reply: StreamedReply): Json[] {
  return reply.kind === "tool_use"
    ? reply.calls.map((call) => ({ functionCall: { id: call.id ?? standInId("call"), name: call.name, args: callArguments(call) } }))
    : [];
}

async function replyGemini(res: http.ServerResponse, reply: StreamedReply, request: ModelRequest): Promise<void> {
  const usage = reply.kind === "hang" ? undefined : reply.usage;
  const candidate = (parts: Json[], finishReason?: string) => ({
    candidates: [{ content: { role: "model", parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
  });
  if (!request.stream) {
    const parts = [...(reply.text ? [{ text: reply.text }] : []), ...callParts(reply)];
    sendJson(res, 200, { ...candidate(parts.length ? parts : [{ text: "" }], "STOP"), usageMetadata: usageOf(usage), responseId: standInId("resp") });
    return;
  }
  const sse = openEventStream(res, reply.kind === "text" ? (reply.chunkDelayMs ?? 0) : 0);
  if (reply.text) {
    for (const piece of chunks(reply.text, reply.kind === "text" ? (reply.chunkSize ?? 8) : 8)) await sse.data(candidate([{ text: piece }]));
  }
  if (reply.kind === "hang") return; // never finish: close() destroys the socket
  const last = callParts(reply);
  await sse.data({ ...candidate(last.length ? last : [{ text: "" }], "STOP"), usageMetadata: usageOf(usage) });
  sse.end();
}

function statusName(status: number): string {
  if (status === 400) return "INVALID_ARGUMENT";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "PERMISSION_DENIED";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "RESOURCE_EXHAUSTED";
  return "INTERNAL";
}

export const geminiWire: Wire = {
  name: "gemini",
  matches: (method, pathname) => method === "POST" && MODEL_CALL.test(pathname),
  parse: parseGeminiRequest,
  reply: replyGemini,
  sendError: (res, status, message) => sendJson(res, status, { error: { code: status, message, status: statusName(status) } }),
};

export type GeminiApi = ModelApi;

export function startGeminiApi(options: ModelApiOptions = {}): Promise<GeminiApi> {
  return startModelApi([geminiWire], options);
}
