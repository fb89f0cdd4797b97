import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { startGeminiApi } from "@/test/support/gemini-api";
import { startResponsesApi } from "@/test/support/responses-api";
import { conversation, lastToolResults, lastUserText, withoutContext, type ModelApi } from "@/test/support/stand-in/model-api";

// The three wire stand-ins on their own, spoken to as the CLIs speak to them.
// The real CLIs against them are covered by test/integration/agents.

const apis: ModelApi[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});
async function started<T extends ModelApi>(api: Promise<T>): Promise<T> {
  const value = await api;
  apis.push(value);
  return value;
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** The JSON of every `data:` frame (Responses frames also carry `event:`). */
async function frames(response: Response): Promise<Array<Record<string, any>>> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => /^data: (.*)$/m.exec(block)?.[1])
    .filter((data): data is string => data !== undefined && data !== "[DONE]")
    .map((data) => JSON.parse(data));
}

describe("Responses API stand-in (Codex)", () => {
  it("records the conversation and streams the reply with its usage", async () => {
    const api = await started(startResponsesApi());
    const response = await post(`${api.url}/v1/responses`, {
      model: "gpt-5.5",
      stream: true,
      input: [
        { type: "message", role: "developer", content: [{ type: "input_text", text: "be brief" }] },
        { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>\n  <cwd>/w</cwd>\n</environment_context>" }] },
        { type: "message", role: "user", content: [{ type: "input_text", text: "hello" }] },
      ],
      tools: [
        { type: "function", name: "exec_command" },
        { type: "custom", name: "apply_patch" },
      ],
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = await frames(response);
    expect(events.map((e) => e.type)).toEqual([
      "response.created",
      "response.output_item.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(events.at(-2)!.item.content[0].text).toBe("Echo: hello");
    expect(events.at(-1)!.response.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });
    expect(api.requests[0]).toMatchObject({ wire: "responses", model: "gpt-5.5", system: "be brief", tools: ["exec_command", "apply_patch"] });
    expect(conversation(api.requests[0])).toEqual([{ role: "user", text: "hello" }]);
  });

  it("scripts function calls and freeform (custom) tool calls, and reads their outputs back", async () => {
    const api = await started(
      startResponsesApi({
        script: () => ({
          kind: "tool_use",
          calls: [
            { id: "c1", name: "exec_command", input: { cmd: "ls" } },
            { id: "c2", name: "apply_patch", input: "*** Begin Patch" },
          ],
        }),
      }),
    );
    const items = (await frames(await post(`${api.url}/v1/responses`, { stream: true, input: [{ role: "user", content: "go" }] })))
      .filter((e) => e.type === "response.output_item.done")
      .map((e) => e.item);
    expect(items).toEqual([
      expect.objectContaining({ type: "function_call", call_id: "c1", name: "exec_command", arguments: '{"cmd":"ls"}' }),
      expect.objectContaining({ type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" }),
    ]);
    await post(`${api.url}/v1/responses`, {
      stream: true,
      input: [
        { role: "user", content: "go" },
        { type: "function_call", call_id: "c1", name: "exec_command", arguments: '{"cmd":"ls"}' },
        { type: "function_call_output", call_id: "c1", output: "a.txt" },
      ],
    });
    expect(lastToolResults(api.requests[1])).toEqual([{ role: "tool", text: "a.txt", toolCalls: [], toolCallId: "c1" }]);
    expect(api.requests[1].messages[1].toolCalls).toEqual([{ id: "c1", name: "exec_command", arguments: { cmd: "ls" } }]);
  });

  it("records a namespace tool's functions and calls one inside its namespace (Codex's MCP tools)", async () => {
    const api = await started(
      startResponsesApi({
        script: () => ({ kind: "tool_use", calls: [{ id: "m1", namespace: "mcp__arbor", name: "search_sessions", input: { query: "x" } }] }),
      }),
    );
    const tools = [
      { type: "function", name: "exec_command" },
      { type: "namespace", name: "mcp__arbor", tools: [{ type: "function", name: "search_sessions" }] },
    ];
    const items = (await frames(await post(`${api.url}/v1/responses`, { stream: true, input: [{ role: "user", content: "go" }], tools })))
      .filter((e) => e.type === "response.output_item.done")
      .map((e) => e.item);
    expect(items).toEqual([
      expect.objectContaining({ type: "function_call", call_id: "m1", namespace: "mcp__arbor", name: "search_sessions", arguments: '{"query":"x"}' }),
    ]);
    expect(api.requests[0].tools).toEqual(["exec_command", "mcp__arbor", "mcp__arbor.search_sessions"]);
    await post(`${api.url}/v1/responses`, {
      stream: true,
      input: [{ role: "user", content: "go" }, { ...items[0] }, { type: "function_call_output", call_id: "m1", output: "found" }],
    });
    expect(api.requests[1].messages[1].toolCalls).toEqual([{ id: "m1", namespace: "mcp__arbor", name: "search_sessions", arguments: { query: "x" } }]);
  });
});

describe("Chat Completions stand-in (opencode, Qwen Code, Copilot)", () => {
  it("streams chunks, then usage, then [DONE]; drops injected context from the conversation", async () => {
    const api = await started(startChatCompletionsApi());
    const response = await post(`${api.url}/v1/chat/completions`, {
      model: "m",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: "sys" },
        {
          role: "user",
          content: [
            { type: "text", text: "<system-reminder>\nskills\n</system-reminder>" },
            { type: "text", text: "hello" },
          ],
        },
      ],
    });
    const text = await response.clone().text();
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const chunks = await frames(response);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("")).toBe("Echo: hello");
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 7 } });
    expect(lastUserText(api.requests[0])).toBe("hello");
  });

  it("streams tool calls in pieces, fails on FAILTEST, and answers non-streaming calls whole", async () => {
    const api = await started(startChatCompletionsApi());
    api.setScript((request) =>
      request.stream
        ? { kind: "tool_use", calls: [{ id: "t1", name: "bash", input: { command: "echo a long enough command" } }] }
        : { kind: "text", text: "whole" },
    );
    const chunks = await frames(await post(`${api.url}/v1/chat/completions`, { stream: true, messages: [{ role: "user", content: "x" }] }));
    const args = chunks
      .flatMap((c) => c.choices[0]?.delta?.tool_calls ?? [])
      .map((t: { function: { arguments: string } }) => t.function.arguments)
      .join("");
    expect(JSON.parse(args)).toEqual({ command: "echo a long enough command" });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)!.choices[0].finish_reason).toBe("tool_calls");
    const whole = await (await post(`${api.url}/v1/chat/completions`, { messages: [{ role: "user", content: "x" }] })).json();
    expect(whole).toMatchObject({ object: "chat.completion", choices: [{ message: { content: "whole" } }] });

    const failing = await started(startChatCompletionsApi());
    const failed = await post(`${failing.url}/v1/chat/completions`, { stream: true, messages: [{ role: "user", content: "FAILTEST now" }] });
    expect(failed.status).toBe(400);
    expect(await failed.json()).toEqual({ error: { message: "stand-in refuses: FAILTEST", type: "invalid_request_error", code: null } });
  });
});

describe("Gemini API stand-in", () => {
  it("answers streamGenerateContent with SSE frames and generateContent with one body", async () => {
    const api = await started(startGeminiApi());
    const body = {
      contents: [
        { role: "user", parts: [{ text: "<session_context>\nctx\n</session_context>" }] },
        { role: "user", parts: [{ text: "hello" }] },
      ],
      systemInstruction: { parts: [{ text: "sys" }] },
    };
    const stream = await frames(await post(`${api.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, body));
    expect(stream.map((f) => f.candidates[0].content.parts.map((p: { text?: string }) => p.text ?? "").join("")).join("")).toBe("Echo: hello");
    expect(stream.at(-1)).toMatchObject({ candidates: [{ finishReason: "STOP" }], usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7 } });
    const whole = await (await post(`${api.url}/v1beta/models/flash-lite:generateContent`, body)).json();
    expect(whole.candidates[0].content.parts[0].text).toBe("Echo: hello");
    expect(api.requests.map((r) => [r.model, r.stream, r.system])).toEqual([
      ["gemini-2.5-flash", true, "sys"],
      ["flash-lite", false, "sys"],
    ]);
  });

  it("scripts function calls and reads function responses back", async () => {
    const api = await started(startGeminiApi({ script: () => ({ kind: "tool_use", calls: [{ id: "f1", name: "write_file", input: { file_path: "a" } }] }) }));
    const stream = await frames(
      await post(`${api.url}/v1beta/models/m:streamGenerateContent?alt=sse`, { contents: [{ role: "user", parts: [{ text: "x" }] }] }),
    );
    expect(stream.at(-1)!.candidates[0].content.parts).toEqual([{ functionCall: { id: "f1", name: "write_file", args: { file_path: "a" } } }]);
    await post(`${api.url}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      contents: [
        { role: "user", parts: [{ text: "x" }] },
        { role: "model", parts: [{ functionCall: { id: "f1", name: "write_file", args: { file_path: "a" } } }] },
        { role: "user", parts: [{ functionResponse: { id: "f1", name: "write_file", response: { output: "ok" } } }] },
      ],
    });
    expect(lastToolResults(api.requests[1])).toEqual([{ role: "tool", text: '{"output":"ok"}', toolCalls: [], toolCallId: "f1" }]);
  });

  it("hangs on HANGTEST until closed, and records what no route serves", async () => {
    const api = await startGeminiApi();
    const pending = post(`${api.url}/v1beta/models/m:streamGenerateContent?alt=sse`, { contents: [{ role: "user", parts: [{ text: "HANGTEST" }] }] }).then(
      (r) => r.text().catch(() => "closed"),
    );
    expect((await post(`${api.url}/v1beta/models/m:countTokens`, {})).status).toBe(404);
    expect(api.otherRequests).toEqual([{ method: "POST", path: "/v1beta/models/m:countTokens", body: "{}" }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await api.close();
    expect(await pending).toEqual(expect.any(String));
  });
});

describe("withoutContext", () => {
  it("strips leading context blocks only", () => {
    expect(withoutContext("<current_datetime>2026</current_datetime>\n\nsay hi")).toBe("say hi");
    expect(withoutContext("use <b>bold</b> here")).toBe("use <b>bold</b> here");
  });
});
