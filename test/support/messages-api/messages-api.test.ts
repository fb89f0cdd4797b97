import { conversation, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";

// The stand-in on its own, spoken to as the CLI does (HTTP + SSE). The real
// CLI against it is covered by test/integration/agents.

let api: MessagesApi;
beforeEach(async () => {
  api = await startMessagesApi();
});
afterEach(() => api.close());

type SseEvent = { event: string; data: Record<string, any> };

async function post(body: unknown, path = "/v1/messages?beta=true"): Promise<Response> {
  return fetch(`${api.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function sse(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)![1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]);
      return { event, data };
    });
}

function streamedText(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === "content_block_delta" && e.data.delta.type === "text_delta")
    .map((e) => e.data.delta.text)
    .join("");
}

const userTurn = (text: string) => ({
  role: "user",
  content: [
    { type: "text", text: "<system-reminder>\nnoise\n</system-reminder>" },
    { type: "text", text },
  ],
});

describe("messages API stand-in", () => {
  it("echoes the last user message as a well-formed stream of several deltas", async () => {
    const response = await post({ model: "m", stream: true, system: "sys", messages: [userTurn("hello there, stand-in")] });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = await sse(response);
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      ...Array(events.length - 5).fill("content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events.length - 5).toBeGreaterThan(1);
    expect(streamedText(events)).toBe("Echo: hello there, stand-in");
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ index: 0, model: "m", system: "sys", stream: true });
    expect(conversation(api.requests[0])).toEqual([{ role: "user", text: "hello there, stand-in" }]);
  });

  it("streams tool calls with their input as JSON deltas", async () => {
    api.setScript(() => ({ kind: "tool_use", text: "Looking", calls: [{ id: "toolu_1", name: "Bash", input: { command: "ls -la" } }] }));
    const events = await sse(await post({ model: "m", stream: true, messages: [userTurn("go")] }));
    const start = events.find((e) => e.event === "content_block_start" && e.data.content_block.type === "tool_use")!;
    expect(start.data.content_block).toEqual({ type: "tool_use", id: "toolu_1", name: "Bash", input: {} });
    const json = events
      .filter((e) => e.event === "content_block_delta" && e.data.delta.type === "input_json_delta")
      .map((e) => e.data.delta.partial_json)
      .join("");
    expect(JSON.parse(json)).toEqual({ command: "ls -la" });
    expect(events.find((e) => e.event === "message_delta")!.data.delta.stop_reason).toBe("tool_use");
  });

  it("sees tool results in the conversation", async () => {
    await post({
      model: "m",
      stream: true,
      messages: [
        userTurn("go"),
        { role: "assistant", content: [{ type: "tool_use", id: "t", name: "Bash", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: "file.txt" }] }] },
      ],
    });
    expect(conversation(api.requests[0])).toEqual([
      { role: "user", text: "go" },
      { role: "user", text: "file.txt" },
    ]);
  });

  it("answers with an API error when told to", async () => {
    api.setScript(() => ({ kind: "http_error", status: 529 }));
    const response = await post({ model: "m", stream: true, messages: [] });
    expect(response.status).toBe(529);
    expect(await response.json()).toEqual({ type: "error", error: { type: "overloaded_error", message: "stand-in error" } });
  });

  it("turns a throwing script into a 400 instead of crashing", async () => {
    api.setScript(() => {
      throw new Error("script bug");
    });
    const response = await post({ model: "m", stream: true, messages: [] });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/script bug/);
  });

  it("answers non-streaming calls with a whole message", async () => {
    const response = await post({ model: "m", messages: [userTurn("title please")] });
    expect(await response.json()).toMatchObject({ type: "message", role: "assistant", content: [{ type: "text", text: "Echo: title please" }] });
  });

  it("answers token counts, probes and unknown endpoints sensibly", async () => {
    expect(await (await post({ messages: [] }, "/v1/messages/count_tokens?beta=true")).json()).toEqual({ input_tokens: expect.any(Number) });
    expect((await fetch(`${api.url}/`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${api.url}/`)).status).toBe(200);
    expect((await fetch(`${api.url}/api/whatever`)).status).toBe(404);
    const bad = await fetch(`${api.url}/v1/messages`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
    expect(api.otherRequests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/messages/count_tokens?beta=true", "HEAD /", "GET /", "GET /api/whatever"]);
  });

  it("delays and hangs on demand, and close() ends hanging streams", async () => {
    api.setScript(() => ({ kind: "text", text: "late", delayMs: 150 }));
    const started = Date.now();
    await (await post({ model: "m", stream: true, messages: [] })).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    api.setScript(() => ({ kind: "hang", text: "thinking about it" }));
    const response = await post({ model: "m", stream: true, messages: [] });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("message_start");
    const rest = reader.read();
    const outcome = await Promise.race([rest.then(() => "data"), new Promise((r) => setTimeout(() => r("still hanging"), 200))]);
    expect(outcome).toBe("still hanging");
    await api.close();
    // The torn-down stream ends (done or a network error), rather than hanging the test.
    await expect(
      rest.then(
        () => "ended",
        () => "ended",
      ),
    ).resolves.toBe("ended");
  });
});
