import type http from "node:http";
import {
  DEFAULT_USAGE,
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

// A stand-in for the OpenAI Responses API (`POST …/responses`, streamed as
// named SSE events), good enough for the real Codex CLI offline. Codex takes
// its base URL only from a custom model provider (`wire_api = "responses"`);
// the Codex driver adds one through -c overrides when ARBOR_CODEX_BASE_URL is
// set (see codexEnv in test/integration/agents/support/agent-envs.ts).
//
// Event shapes follow what Codex 0.169.0 reads: response.created,
// response.output_item.added / response.output_text.delta / response.output_item.done
// per output item (a message, or a function_call with call_id + JSON
// arguments, and a `namespace` when the call names one), then
// response.completed with the usage. Codex offers MCP tools as a namespace
// tool ({type:"namespace", name:"mcp__arbor", tools:[functions]}) for models
// without tool search, and expects calls to carry that namespace.

type Json = Record<string, unknown>;

function parseResponsesRequest(_req: http.IncomingMessage, body: Json): ReturnType<Wire["parse"]> {
  const system: string[] = typeof body.instructions === "string" ? [body.instructions] : [];
  const messages: ModelMessage[] = [];
  for (const item of Array.isArray(body.input) ? (body.input as Json[]) : []) {
    if (!item || typeof item !== "object") continue;
    const type = item.type ?? (item.role ? "message" : undefined);
    if (type === "message") {
      if (item.role === "developer" || item.role === "system") system.push(contentText(item.content));
      else if (item.role === "user" || item.role === "assistant") messages.push({ role: item.role, text: contentText(item.content), toolCalls: [] });
    } else if (type === "function_call" || type === "custom_tool_call") {
      const call = {
        id: String(item.call_id ?? item.id ?? ""),
        name: String(item.name ?? ""),
        ...(typeof item.namespace === "string" ? { namespace: item.namespace } : {}),
        arguments: parseArguments(item.arguments ?? item.input),
      };
      const last = messages.at(-1);
      if (last?.role === "assistant") last.toolCalls.push(call);
      else messages.push({ role: "assistant", text: "", toolCalls: [call] });
    } else if (type === "function_call_output" || type === "custom_tool_call_output") {
      const output = item.output;
      messages.push({ role: "tool", text: typeof output === "string" ? output : contentText(output), toolCalls: [], toolCallId: String(item.call_id ?? "") });
    }
  }
  const tools = (Array.isArray(body.tools) ? (body.tools as Json[]) : []).flatMap(toolNames);
  return { model: typeof body.model === "string" ? body.model : undefined, stream: body.stream === true, system: system.join("\n\n"), messages, tools };
}

/** A tool's name; a namespace's, then each of its functions as `<namespace>.<function>`. */
function toolNames(tool: Json): string[] {
  const name = String(tool?.name ?? tool?.type ?? "");
  if (tool?.type !== "namespace" || !Array.isArray(tool.tools)) return [name];
  return [name, ...(tool.tools as Json[]).map((inner) => `${name}.${String(inner?.name ?? "")}`)];
}

function usageOf(usage: ReplyUsage = DEFAULT_USAGE): Json {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function outputItems(reply: StreamedReply): Json[] {
  const items: Json[] = [];
  const text = reply.text;
  if (text !== undefined && (reply.kind !== "tool_use" || text !== "")) {
    items.push({ type: "message", role: "assistant", id: standInId("msg"), status: "completed", content: [{ type: "output_text", text, annotations: [] }] });
  }
  if (reply.kind === "tool_use") {
    for (const call of reply.calls) {
      const callId = call.id ?? standInId("call");
      items.push(
        typeof call.input === "string"
          ? { type: "custom_tool_call", id: standInId("ctc"), call_id: callId, name: call.name, input: call.input, status: "completed" }
          : {
              type: "function_call",
              id: standInId("fc"),
              call_id: callId,
              ...(call.namespace ? { namespace: call.namespace } : {}),
              name: call.name,
              arguments: JSON.stringify(call.input),
              status: "completed",
            },
      );
    }
  }
  return items;
}

async function replyResponses(res: http.ServerResponse, reply: StreamedReply, request: ModelRequest): Promise<void> {
  const responseId = standInId("resp");
  const usage = reply.kind === "hang" ? undefined : reply.usage;
  if (!request.stream) {
    sendJson(res, 200, { id: responseId, object: "response", status: "completed", output: outputItems(reply), usage: usageOf(usage) });
    return;
  }
  const sse = openEventStream(res, reply.kind === "text" ? (reply.chunkDelayMs ?? 0) : 0);
  const send = (type: string, data: Json) => sse.named(type, { type, ...data });
  await send("response.created", { response: { id: responseId, status: "in_progress" } });
  const items = outputItems(reply);
  for (const [outputIndex, item] of items.entries()) {
    if (item.type === "message") {
      const text = (item.content as Json[])[0].text as string;
      await send("response.output_item.added", { output_index: outputIndex, item: { ...item, status: "in_progress", content: [] } });
      const size = reply.kind === "text" ? (reply.chunkSize ?? 8) : 8;
      for (const delta of chunks(text, size)) {
        await send("response.output_text.delta", { item_id: item.id, output_index: outputIndex, content_index: 0, delta });
      }
      if (reply.kind === "hang") return; // never finish: close() destroys the socket
    }
    await send("response.output_item.done", { output_index: outputIndex, item });
  }
  if (reply.kind === "hang") return;
  await send("response.completed", { response: { id: responseId, status: "completed", usage: usageOf(usage) } });
  sse.end();
}

export const responsesWire: Wire = {
  name: "responses",
  matches: (method, pathname) => method === "POST" && pathname.endsWith("/responses"),
  parse: parseResponsesRequest,
  reply: replyResponses,
  sendError: (res, status, message) => sendJson(res, status, { error: { message, type: status === 400 ? "invalid_request_error" : "api_error", code: null } }),
};

export type ResponsesApi = ModelApi;

export function startResponsesApi(options: ModelApiOptions = {}): Promise<ResponsesApi> {
  return startModelApi([responsesWire], options);
}
