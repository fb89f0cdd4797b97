import fc from "fast-check";
import fixtures from "@/server/agents/claude/__fixtures__/stream-json-2.1.330.json";
import { kindOf, parseClaudeLine } from "@/server/agents/claude/parse-claude-line";

// Fixture lines were printed by the real Claude Code 2.1.330 against the
// Messages API stand-in.
const line = (name: keyof typeof fixtures) => fixtures[name];
const json = (name: keyof typeof fixtures) => JSON.parse(fixtures[name]) as Record<string, unknown>;

describe("parseClaudeLine", () => {
  it("reads the session id from the init line", () => {
    const parsed = parseClaudeLine(line("init"));
    expect(parsed.event.kind).toBe("system_init");
    expect(parsed.event.payload).toEqual(json("init"));
    expect(parsed.signals).toEqual({ sessionId: json("init").session_id });
  });

  it("takes an assistant line's top-level uuid as its message id", () => {
    for (const name of ["assistantText", "assistantToolUseEdit", "assistantThinking"] as const) {
      const parsed = parseClaudeLine(line(name));
      expect(parsed.event.kind).toBe("assistant");
      expect(parsed.signals).toEqual({ assistantMessageId: json(name).uuid });
    }
  });

  it("does not offer the CLI's synthetic error messages as fork points", () => {
    expect(parseClaudeLine(line("assistantSyntheticApiError")).signals).toEqual({});
  });

  it("does not offer sub-agent messages as fork points", () => {
    const subagent = { ...json("assistantText"), parent_tool_use_id: "toolu_1" };
    expect(parseClaudeLine(JSON.stringify(subagent)).signals).toEqual({});
  });

  it("summarizes a successful result", () => {
    const parsed = parseClaudeLine(line("resultSuccess"));
    expect(parsed.event.kind).toBe("result");
    expect(parsed.signals.result).toEqual({
      sessionId: json("resultSuccess").session_id,
      isError: false,
      subtype: "success",
      errorMessage: null,
      usage: { inputTokens: 24, outputTokens: 65, cacheReadTokens: 0, cacheCreationTokens: 0 },
      costUsd: json("resultSuccess").total_cost_usd,
      durationMs: json("resultSuccess").duration_ms,
      numTurns: 3,
      sessionNotFound: false,
      refusedActions: 0,
      contextExceeded: false,
    });
  });

  it("counts the tool calls the agent was refused", () => {
    const denied = { ...json("resultSuccess"), permission_denials: [{ tool_name: "Bash", tool_use_id: "t1", tool_input: {} }, { tool_name: "Bash" }] };
    expect(parseClaudeLine(JSON.stringify(denied)).signals.result?.refusedActions).toBe(2);
    const { permission_denials: _gone, ...older } = json("resultSuccess");
    expect(parseClaudeLine(JSON.stringify(older)).signals.result?.refusedActions).toBeNull();
  });

  it("keeps a partial message's text piece as a draft and the rest of its framing as transient", () => {
    const piece = {
      type: "stream_event",
      event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } },
      parent_tool_use_id: null,
    };
    expect(parseClaudeLine(JSON.stringify(piece))).toEqual({ event: { kind: "text_draft", payload: { text: "Hel" } }, signals: { transient: true } });
    const start = { type: "stream_event", event: { type: "message_start", message: {} }, parent_tool_use_id: null };
    expect(parseClaudeLine(JSON.stringify(start))).toMatchObject({ event: { kind: "stream_event" }, signals: { transient: true } });
    // A sub-agent's pieces are not the main conversation's text.
    expect(parseClaudeLine(JSON.stringify({ ...piece, parent_tool_use_id: "toolu_9" })).event.kind).toBe("stream_event");
  });

  it("adds prompt-cache tokens to the input tokens, and reports the cache reads apart (null when not reported)", () => {
    const result = { ...json("resultSuccess"), usage: { input_tokens: 10, cache_creation_input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 7 } };
    expect(parseClaudeLine(JSON.stringify(result)).signals.result?.usage).toEqual({
      inputTokens: 115,
      outputTokens: 7,
      cacheReadTokens: 100,
      cacheCreationTokens: 5,
    });
  });

  it("flags a turn that no longer fits the context window (and nothing else)", () => {
    const tooLong = { ...json("resultApiError"), result: "Prompt is too long" };
    expect(parseClaudeLine(JSON.stringify(tooLong)).signals.result?.contextExceeded).toBe(true);
    const apiWording = { ...json("resultApiError"), result: "API Error: 400 prompt is too long: 210000 tokens > 200000 maximum" };
    expect(parseClaudeLine(JSON.stringify(apiWording)).signals.result?.contextExceeded).toBe(true);
    expect(parseClaudeLine(line("resultApiError")).signals.result?.contextExceeded).toBe(false);
    // A successful answer that merely talks about long prompts is no failure.
    const talk = { ...json("resultSuccess"), result: "The prompt is too long to read aloud, but here it is." };
    expect(parseClaudeLine(JSON.stringify(talk)).signals.result?.contextExceeded).toBe(false);
  });

  it("reads usage without prompt-cache fields as not reported", () => {
    const older = { ...json("resultSuccess"), usage: { input_tokens: 10, output_tokens: 7 } };
    expect(parseClaudeLine(JSON.stringify(older)).signals.result?.usage).toEqual({
      inputTokens: 10,
      outputTokens: 7,
      cacheReadTokens: null,
      cacheCreationTokens: null,
    });
  });

  it("reports an API failure's message and keeps its session (the session exists)", () => {
    const result = parseClaudeLine(line("resultApiError")).signals.result!;
    expect(result).toMatchObject({ isError: true, subtype: "success", sessionNotFound: false, sessionId: json("resultApiError").session_id });
    // The stand-in answered 404; the CLI words that as a model problem.
    expect(result.errorMessage).toBe(json("resultApiError").result);
    expect(result.errorMessage).toMatch(/issue with the selected model/);
  });

  it("flags an unknown session and does not report the result's session id", () => {
    const result = parseClaudeLine(line("resultSessionNotFound")).signals.result!;
    expect(result).toMatchObject({
      isError: true,
      subtype: "error_during_execution",
      sessionNotFound: true,
      sessionId: null,
      errorMessage: "No conversation found with session ID: 99999999-9999-4999-8999-999999999999",
    });
  });

  it("never reports the random session id of a failed resume", () => {
    // `--resume some-name` fails with a fresh random session_id on the result line.
    const result = parseClaudeLine(line("resultNonUuidResume")).signals.result!;
    expect(json("resultNonUuidResume").session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.sessionId).toBeNull();
    expect(result.sessionNotFound).toBe(false);
    expect(result.errorMessage).toMatch(/--resume requires a valid session ID/);
  });

  it("does not report the would-be fork id when --resume-session-at names no message", () => {
    const result = parseClaudeLine(line("resultUnknownResumeAt")).signals.result!;
    expect(result.sessionId).toBeNull();
    expect(result.errorMessage).toMatch(/^No message found with message.uuid of:/);
  });

  it("mirrors type and subtype in the kind", () => {
    expect(parseClaudeLine(line("streamEvent")).event.kind).toBe("stream_event");
    expect(parseClaudeLine(line("systemApiRetry")).event.kind).toBe("system_api_retry");
    expect(parseClaudeLine(line("systemPermissionDenied")).event.kind).toBe("system_permission_denied");
    expect(parseClaudeLine(line("userToolResultEdit")).event.kind).toBe("user");
    expect(kindOf({ type: "system", subtype: "Weird Sub/Type!" })).toBe("system_weird_sub_type_");
    expect(kindOf({})).toBe("unknown");
  });

  it("keeps invalid JSON as unparsed raw text", () => {
    expect(parseClaudeLine("not json {")).toEqual({ event: { kind: "unparsed", payload: { raw: "not json {" } }, signals: {} });
    expect(parseClaudeLine("[1,2]").event.kind).toBe("unparsed");
    expect(parseClaudeLine("null").event.kind).toBe("unparsed");
    expect(parseClaudeLine("").event).toEqual({ kind: "unparsed", payload: { raw: "" } });
    expect(parseClaudeLine('{"type":"assist', { truncated: true }).event).toEqual({
      kind: "unparsed",
      payload: { raw: '{"type":"assist', truncated: true },
    });
  });

  it("never throws on garbage (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const parsed = parseClaudeLine(text);
          expect(typeof parsed.event.kind).toBe("string");
          expect(parsed.event.kind).toMatch(/^[a-z0-9_]+$/);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never throws on lines shaped like Claude's with wrong field types (property)", () => {
    const anyValue = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.constantFrom("system", "assistant", "user", "result", "stream_event", 42, null),
        fc.dictionary(
          fc.constantFrom("subtype", "session_id", "uuid", "message", "errors", "usage", "num_turns", "is_error", "parent_tool_use_id", "result"),
          anyValue,
        ),
        (type, fields) => {
          const parsed = parseClaudeLine(JSON.stringify({ ...fields, type }));
          if (parsed.signals.sessionId !== undefined) expect(typeof parsed.signals.sessionId).toBe("string");
          if (parsed.signals.result) expect(typeof parsed.signals.result.isError).toBe("boolean");
        },
      ),
      { numRuns: 2000 },
    );
  });
});
