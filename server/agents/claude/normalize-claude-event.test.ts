import fc from "fast-check";
import fixtures from "@/server/agents/claude/__fixtures__/stream-json-2.1.330.json";
import { MAX_TOOL_RESULT_CHARS, normalizeClaudeEvent } from "@/server/agents/claude/normalize-claude-event";
import { parseClaudeLine } from "@/server/agents/claude/parse-claude-line";
import { summarizeClaudeToolCall } from "@/server/agents/claude/summarize-tool-call";

/** Stored events are what the parser produced, so go through it. */
const normalize = (line: string) => normalizeClaudeEvent(parseClaudeLine(line).event);

describe("normalizeClaudeEvent", () => {
  it("shows the init line's model, cwd and tools", () => {
    const [entry] = normalize(fixtures.init);
    expect(entry).toMatchObject({ type: "system_init", model: "claude-opus-5-5", cwd: "/tmp/exp/ws" });
    expect(entry.type === "system_init" && entry.tools).toContain("Bash");
  });

  it("shows assistant text as markdown and thinking as thinking", () => {
    expect(normalize(fixtures.assistantText)).toEqual([{ type: "assistant_text", text: expect.stringMatching(/^Tool said:/) }]);
    expect(normalize(fixtures.assistantThinking)).toEqual([{ type: "thinking", text: "hmm" }]);
  });

  it("shows an Edit call with a diff-ready summary", () => {
    expect(normalize(fixtures.assistantToolUseEdit)).toEqual([
      {
        type: "tool_call",
        toolUseId: "toolu_standin_mwrathrq_2",
        tool: "Edit",
        input: { replace_all: false, file_path: "/tmp/exp/ws/e.txt", old_string: "alpha", new_string: "gamma" },
        summary: { kind: "file_edit", path: "/tmp/exp/ws/e.txt", edits: [{ oldString: "alpha", newString: "gamma" }] },
      },
    ]);
  });

  it("shows a Bash call as its command", () => {
    const [entry] = normalize(fixtures.assistantBashToolUse);
    expect(entry).toMatchObject({ type: "tool_call", tool: "Bash", summary: { kind: "command", command: "echo hi > /tmp/nope.txt" } });
  });

  it("shows tool results, errors included", () => {
    expect(normalize(fixtures.userToolResultRead)).toEqual([
      { type: "tool_result", toolUseId: "toolu_standin_mwrathrq_1", content: "1\talpha beta\n2\t", isError: false },
    ]);
    expect(normalize(fixtures.userToolResultDenied)).toEqual([
      { type: "tool_result", toolUseId: expect.any(String), content: expect.stringContaining("needs approval"), isError: true },
    ]);
  });

  it("cuts very long tool output for display and says so", () => {
    const line = JSON.stringify({
      type: "user",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "y".repeat(MAX_TOOL_RESULT_CHARS + 10) }] }],
      },
    });
    const [entry] = normalize(line);
    expect(entry).toMatchObject({ type: "tool_result", truncated: true });
    expect(entry.type === "tool_result" && entry.content.length).toBe(MAX_TOOL_RESULT_CHARS);
  });

  it("marks entries from a sub-agent with the tool call that started it", () => {
    const line = JSON.stringify({ ...JSON.parse(fixtures.assistantText), parent_tool_use_id: "toolu_task" });
    expect(normalize(line)).toEqual([{ type: "assistant_text", text: expect.any(String), parentToolUseId: "toolu_task" }]);
  });

  it("shows the result with cost, usage and turns", () => {
    const result = JSON.parse(fixtures.resultSuccess);
    expect(normalize(fixtures.resultSuccess)).toEqual([
      {
        type: "result",
        isError: false,
        text: result.result,
        costUsd: result.total_cost_usd,
        usage: { inputTokens: 24, outputTokens: 65 },
        durationMs: result.duration_ms,
        numTurns: 3,
      },
    ]);
  });

  it("shows a failed resume's errors as the result text", () => {
    expect(normalize(fixtures.resultSessionNotFound)).toEqual([
      expect.objectContaining({ type: "result", isError: true, text: "No conversation found with session ID: 99999999-9999-4999-8999-999999999999" }),
    ]);
  });

  it("shows the CLI's synthetic API error text as an error, and retries as warnings", () => {
    expect(normalize(fixtures.assistantSyntheticApiError)).toEqual([{ type: "error", message: expect.any(String) }]);
    expect(normalize(fixtures.systemApiRetry)).toEqual([
      { type: "error", severity: "warning", message: expect.stringMatching(/^API error 503 \(server_error\); retrying \(attempt 1 of 1\) in \d+ ms$/) },
    ]);
  });

  it("shows nothing for partial-message and status events", () => {
    expect(normalize(fixtures.streamEvent)).toEqual([]);
    expect(normalize(fixtures.systemStatus)).toEqual([]);
  });

  it("shows unparsed lines raw, and skips blank ones", () => {
    expect(normalize("oops")).toEqual([{ type: "unparsed", raw: "oops" }]);
    expect(normalize('{"cut')).toEqual([{ type: "unparsed", raw: '{"cut' }]);
    expect(normalizeClaudeEvent({ kind: "unparsed", payload: { raw: '{"cut', truncated: true } })).toEqual([
      { type: "unparsed", raw: '{"cut', truncated: true },
    ]);
    expect(normalize("   ")).toEqual([]);
  });

  it("never throws, whatever is stored (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom("system_init", "assistant", "user", "result", "system_api_retry", "unparsed", "stream_event")),
        fc.anything(),
        (kind, payload) => {
          expect(Array.isArray(normalizeClaudeEvent({ kind, payload }))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never throws on Claude-shaped payloads with wrong field types (property)", () => {
    const block = fc.record(
      {
        type: fc.constantFrom("text", "thinking", "tool_use", "tool_result", "image", 7),
        text: fc.anything(),
        thinking: fc.anything(),
        name: fc.anything(),
        input: fc.anything(),
        content: fc.anything(),
        id: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.constantFrom("assistant", "user", "result", "system_init"),
        fc.record(
          {
            message: fc.oneof(fc.record({ content: fc.oneof(fc.array(block), fc.string(), fc.anything()), model: fc.anything() }), fc.anything()),
            usage: fc.anything(),
            errors: fc.anything(),
            tools: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        (kind, payload) => {
          expect(Array.isArray(normalizeClaudeEvent({ kind, payload }))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("summarizeClaudeToolCall", () => {
  it("reads the common tools", () => {
    expect(summarizeClaudeToolCall("Bash", { command: "npm test", description: "Run tests" })).toEqual({
      kind: "command",
      command: "npm test",
      description: "Run tests",
    });
    expect(summarizeClaudeToolCall("Read", { file_path: "/a.ts" })).toEqual({ kind: "file_read", path: "/a.ts" });
    expect(summarizeClaudeToolCall("Write", { file_path: "/a.ts", content: "x" })).toEqual({ kind: "file_write", path: "/a.ts", content: "x" });
    expect(summarizeClaudeToolCall("MultiEdit", { file_path: "/a.ts", edits: [{ old_string: "a", new_string: "b", replace_all: true }, { bad: 1 }] })).toEqual({
      kind: "file_edit",
      path: "/a.ts",
      edits: [{ oldString: "a", newString: "b", replaceAll: true }],
    });
    expect(summarizeClaudeToolCall("Grep", { pattern: "TODO", path: "src" })).toEqual({ kind: "search", pattern: "TODO", path: "src" });
    expect(summarizeClaudeToolCall("WebFetch", { url: "https://example.com" })).toEqual({ kind: "web", target: "https://example.com" });
    expect(summarizeClaudeToolCall("Task", { description: "Explore" })).toEqual({ kind: "task", description: "Explore" });
  });

  it("falls back to compact JSON for unknown tools and malformed input", () => {
    expect(summarizeClaudeToolCall("mcp__x__y", { a: 1 })).toEqual({ kind: "other", text: '{"a":1}' });
    expect(summarizeClaudeToolCall("Bash", { command: 42 })).toEqual({ kind: "other", text: '{"command":42}' });
    expect(summarizeClaudeToolCall("Edit", null)).toEqual({ kind: "other", text: "null" });
    const long = summarizeClaudeToolCall("X", { text: "z".repeat(1000) });
    expect(long.kind === "other" && long.text.length).toBeLessThan(400);
  });
});
