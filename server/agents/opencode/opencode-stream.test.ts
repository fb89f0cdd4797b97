import fc from "fast-check";
import fixtures from "@/server/agents/opencode/__fixtures__/run-json-1.18.33.json";
import { classifyOpencodeStderr } from "@/server/agents/opencode/classify-opencode-stderr";
import { normalizeOpencodeEvent } from "@/server/agents/opencode/normalize-opencode-event";
import { createOpencodeLineParser, parseOpencodeLine } from "@/server/agents/opencode/parse-opencode-line";

// Lines recorded from opencode 1.18.33 against the Chat-Completions stand-in.

const entries = (line: string) => normalizeOpencodeEvent(parseOpencodeLine(line).event);

describe("opencode run --format json", () => {
  it("reads the session from any line; a turn ends at a step that does not call tools, or at an error", () => {
    const id = JSON.parse(fixtures.stepStart).sessionID;
    expect(parseOpencodeLine(fixtures.stepStart).signals).toEqual({ sessionId: id });
    expect(parseOpencodeLine(fixtures.stepFinishToolCalls).signals.result).toBeUndefined();
    expect(parseOpencodeLine(fixtures.stepFinishStop).signals.result).toMatchObject({
      sessionId: id,
      isError: false,
      subtype: "stop",
      usage: { inputTokens: 11, outputTokens: 7 },
      costUsd: 0,
    });
    expect(parseOpencodeLine(fixtures.error).signals.result).toMatchObject({ isError: true, errorMessage: "stand-in refuses" });
  });

  it("sums the usage and cost of all of a run's steps", () => {
    const parse = createOpencodeLineParser();
    const results = fixtures.runWithTools.map((line) => parse(line).signals.result).filter(Boolean);
    expect(results).toEqual([expect.objectContaining({ isError: false, usage: { inputTokens: 22, outputTokens: 14 }, costUsd: 0 })]);
  });

  it("shows text, each tool call with its result, and the outcome", () => {
    expect(entries(fixtures.text)).toEqual([{ type: "assistant_text", text: "Working." }]);
    expect(entries(fixtures.toolUseWrite)).toEqual([
      {
        type: "tool_call",
        toolUseId: "call_1",
        tool: "write",
        input: { filePath: "notes.md", content: "# Notes\n" },
        summary: { kind: "file_write", path: "notes.md", content: "# Notes\n" },
      },
      { type: "tool_result", toolUseId: "call_1", content: "Wrote file successfully.", isError: false },
    ]);
    expect(entries(fixtures.toolUseEdit)[0]).toMatchObject({
      summary: { kind: "file_edit", path: "/tmp/ax/ws5/notes.md", edits: [{ oldString: "# Notes", newString: "# Better" }] },
    });
    expect(entries(fixtures.toolUseBash)).toEqual([
      expect.objectContaining({ summary: { kind: "command", command: "echo built > out.txt && cat out.txt", description: "Build" } }),
      { type: "tool_result", toolUseId: "call_1", content: "built\n", isError: false },
    ]);
    expect(entries(fixtures.toolUseRejected)[1]).toEqual({
      type: "tool_result",
      toolUseId: "call_1",
      content: expect.stringContaining("rejected permission"),
      isError: true,
    });
    expect(entries(fixtures.stepFinishToolCalls)).toEqual([]);
    expect(entries(fixtures.stepFinishStop)).toEqual([expect.objectContaining({ type: "result", isError: false })]);
    expect(entries(fixtures.error)).toEqual([expect.objectContaining({ type: "result", isError: true, text: "stand-in refuses" })]);
  });

  it("shows a call to Arbor's MCP server (arbor_<tool>) with its answer, like any tool call", () => {
    expect(entries(fixtures.toolUseMcp)).toEqual([
      {
        type: "tool_call",
        toolUseId: "call_mcp1",
        tool: "arbor_search_sessions",
        input: { query: "login", limit: 2 },
        summary: { kind: "other", text: '{"query":"login","limit":2}' },
      },
      { type: "tool_result", toolUseId: "call_mcp1", content: 'MCPRESULT: 1 session matches "login" (limit 2): ses-42 "Fix login bug"', isError: false },
    ]);
  });

  it("reads an unknown session from stderr, colours and all", () => {
    expect(classifyOpencodeStderr(fixtures.stderrSessionNotFound)).toEqual({ sessionNotFound: true });
    expect(classifyOpencodeStderr(fixtures.stderrPermissionRejected)).toEqual({});
  });

  it("never throws (property)", () => {
    const parse = createOpencodeLineParser();
    fc.assert(fc.property(fc.string(), (line) => expect(typeof parse(line).event.kind).toBe("string")));
    fc.assert(fc.property(fc.string(), fc.anything(), (kind, payload) => expect(Array.isArray(normalizeOpencodeEvent({ kind, payload }))).toBe(true)));
  });
});
