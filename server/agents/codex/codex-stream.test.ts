import fc from "fast-check";
import fixtures from "@/server/agents/codex/__fixtures__/exec-json-0.169.0.json";
import { classifyCodexStderr } from "@/server/agents/codex/classify-codex-stderr";
import { normalizeCodexEvent } from "@/server/agents/codex/normalize-codex-event";
import { createCodexLineParser, parseCodexLine } from "@/server/agents/codex/parse-codex-line";

// Lines recorded from codex 0.169.0 against the Responses-API stand-in.

const entries = (line: string) => normalizeCodexEvent(parseCodexLine(line).event);

describe("Codex exec --json", () => {
  it("takes the session id from thread.started, the first line", () => {
    const id = JSON.parse(fixtures.threadStarted).thread_id;
    expect(parseCodexLine(fixtures.threadStarted)).toEqual({
      event: { kind: "thread_started", payload: JSON.parse(fixtures.threadStarted) },
      signals: { sessionId: id },
    });
  });

  it("ends a turn on turn.completed (usage is the thread's total) and on turn.failed only", () => {
    expect(parseCodexLine(fixtures.turnCompleted).signals.result).toMatchObject({ isError: false, usage: { inputTokens: 11, outputTokens: 7 }, costUsd: null });
    expect(parseCodexLine(fixtures.turnCompletedAfterTools).signals.result).toMatchObject({ usage: { inputTokens: 22, outputTokens: 14 } });
    expect(parseCodexLine(fixtures.turnFailed).signals.result).toMatchObject({ isError: true, errorMessage: expect.stringContaining("stand-in refuses") });
    // error lines are notices, even the provider's text right before turn.failed.
    for (const line of [fixtures.reconnectNotice, fixtures.apiError, fixtures.modelMetadataWarning]) expect(parseCodexLine(line).signals).toEqual({});
  });

  it("names the announced thread in the result of the run's own parser", () => {
    const parse = createCodexLineParser();
    parse(fixtures.threadStarted);
    expect(parse(fixtures.turnCompleted).signals.result?.sessionId).toBe(JSON.parse(fixtures.threadStarted).thread_id);
    expect(parseCodexLine(fixtures.turnCompleted).signals.result?.sessionId).toBeNull();
  });

  it("shows commands, file changes, messages, notices and the outcome", () => {
    expect(entries(fixtures.commandStarted)).toEqual([
      {
        type: "tool_call",
        toolUseId: "item_1",
        tool: "command_execution",
        input: { command: "/bin/bash -lc 'echo built > out.txt && cat out.txt'" },
        summary: { kind: "command", command: "/bin/bash -lc 'echo built > out.txt && cat out.txt'" },
      },
    ]);
    expect(entries(fixtures.commandCompleted)).toEqual([
      { type: "tool_result", toolUseId: "item_1", content: expect.stringContaining("built\n"), isError: false },
    ]);
    expect(entries(fixtures.commandFailed)).toEqual([expect.objectContaining({ type: "tool_result", isError: true })]);
    expect(entries(fixtures.fileChangeStarted)).toEqual([
      expect.objectContaining({ type: "tool_call", tool: "file_change", summary: { kind: "other", text: "add /tmp/ax/ws2/notes.md" } }),
    ]);
    expect(entries(fixtures.fileChangeCompleted)).toEqual([{ type: "tool_result", toolUseId: "item_1", content: "add /tmp/ax/ws2/notes.md", isError: false }]);
    expect(entries(fixtures.agentMessage)).toEqual([{ type: "assistant_text", text: "Echo: say hi" }]);
    expect(entries(fixtures.reconnectNotice)).toEqual([{ type: "error", severity: "warning", message: expect.stringContaining("Reconnecting... 1/5") }]);
    expect(entries(fixtures.modelMetadataWarning)).toEqual([expect.objectContaining({ type: "error", severity: "warning" })]);
    expect(entries(fixtures.turnFailed)).toEqual([
      expect.objectContaining({ type: "result", isError: true, text: expect.stringContaining("stand-in refuses") }),
    ]);
    expect(entries(fixtures.turnCompleted)).toEqual([
      // No text: the turn's answer is its last message (the usage is the thread's total, not the turn's).
      expect.objectContaining({ type: "result", isError: false, text: "" }),
    ]);
    expect(entries(fixtures.turnStarted)).toEqual([]);
  });

  it("shows an MCP tool call (Arbor's) and the text it answered", () => {
    expect(entries(fixtures.mcpCallStarted)).toEqual([
      {
        type: "tool_call",
        toolUseId: "item_0",
        tool: "arbor.search_sessions",
        input: { query: "login", limit: 2 },
        summary: { kind: "other", text: '{"query":"login","limit":2}' },
      },
    ]);
    expect(entries(fixtures.mcpCallCompleted)).toEqual([
      { type: "tool_result", toolUseId: "item_0", content: 'MCPRESULT: 1 session matches "login" (limit 2): ses-42 "Fix login bug"', isError: false },
    ]);
    const failed = {
      id: "item_2",
      type: "mcp_tool_call",
      server: "arbor",
      tool: "cite",
      result: null,
      status: "failed",
      error: { message: "user cancelled MCP tool call" },
    };
    expect(entries(JSON.stringify({ type: "item.completed", item: failed }))).toEqual([
      { type: "tool_result", toolUseId: "item_2", content: "user cancelled MCP tool call", isError: true },
    ]);
  });

  it("reads an unknown thread from stderr, for resume and fork", () => {
    expect(classifyCodexStderr(fixtures.stderrUnknownThread)).toEqual({ sessionNotFound: true });
    expect(classifyCodexStderr(fixtures.stderrUnknownForkSource)).toEqual({ sessionNotFound: true });
    expect(classifyCodexStderr("Reading additional input from stdin...\n")).toEqual({});
  });

  it("never throws on any line or stored payload (property)", () => {
    fc.assert(fc.property(fc.string(), (line) => expect(parseCodexLine(line).event.kind).toEqual(expect.any(String))));
    fc.assert(fc.property(fc.string(), fc.anything(), (kind, payload) => expect(Array.isArray(normalizeCodexEvent({ kind, payload }))).toBe(true)));
    expect(parseCodexLine("not json", { truncated: true })).toEqual({
      event: { kind: "unparsed", payload: { raw: "not json", truncated: true } },
      signals: {},
    });
  });
});
