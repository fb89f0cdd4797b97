import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import fixtures from "@/server/agents/copilot/__fixtures__/output-json-1.0.102.json";
import { classifyCopilotStderr } from "@/server/agents/copilot/classify-copilot-stderr";
import { normalizeCopilotEvent } from "@/server/agents/copilot/normalize-copilot-event";
import { createCopilotLineParser, parseCopilotLine } from "@/server/agents/copilot/parse-copilot-line";
import { readCopilotUsageFile } from "@/server/agents/copilot/read-copilot-usage";

// Lines recorded from Copilot CLI 1.0.102 (BYOK) against the Chat-Completions stand-in.

const entries = (line: string) => normalizeCopilotEvent(parseCopilotLine(line).event);

describe("Copilot CLI --output-format json", () => {
  it("learns the session id and the outcome from the last line only", () => {
    const id = JSON.parse(fixtures.resultSuccess).sessionId;
    for (const line of [fixtures.skillsLoaded, fixtures.userMessage, fixtures.assistantMessageText, fixtures.turnEnd])
      expect(parseCopilotLine(line).signals).toEqual({});
    expect(parseCopilotLine(fixtures.resultSuccess).signals).toMatchObject({ sessionId: id, result: { sessionId: id, isError: false } });
  });

  it("fails a turn with the reason from session.error", () => {
    const parse = createCopilotLineParser();
    parse(fixtures.sessionError);
    expect(parse(fixtures.resultError).signals.result).toMatchObject({ isError: true, errorMessage: "400 stand-in refuses" });
  });

  it("does not take a result printed after an abort as the end of the turn", () => {
    const parse = createCopilotLineParser();
    parse(fixtures.abort);
    // Copilot printed {"type":"result",…,"exitCode":0} right after a SIGTERM.
    const after = parse(fixtures.resultSuccess).signals;
    expect(after.result).toBeUndefined();
    expect(after.sessionId).toBe(JSON.parse(fixtures.resultSuccess).sessionId);
  });

  it("reads the session's token totals from the usage file", () => {
    const text = fs.readFileSync(path.join(__dirname, "__fixtures__/usage-output-1.0.102.json"), "utf8");
    expect(readCopilotUsageFile(text)).toEqual({ inputTokens: 33, outputTokens: 21 });
    expect(readCopilotUsageFile("not json")).toBeNull();
    expect(readCopilotUsageFile("{}")).toBeNull();
  });

  it("shows prompts, replies with their tool calls, tool outcomes, errors and aborts", () => {
    expect(entries(fixtures.userMessage)).toEqual([{ type: "user_message", text: "write it" }]);
    expect(entries(fixtures.assistantMessageWithTools)).toEqual([
      { type: "assistant_text", text: "Working." },
      {
        type: "tool_call",
        toolUseId: "call_1",
        tool: "create",
        input: { path: "/tmp/ax/ws8/notes.md", file_text: "# Notes\n" },
        summary: { kind: "file_write", path: "/tmp/ax/ws8/notes.md", content: "# Notes\n" },
      },
    ]);
    expect(entries(fixtures.toolCompleteCreate)).toEqual([
      { type: "tool_result", toolUseId: "call_1", content: "Created file /tmp/ax/ws8/notes.md with 8 characters", isError: false },
    ]);
    expect(entries(fixtures.toolCompleteFailed)).toEqual([{ type: "tool_result", toolUseId: "call_1", content: "Path does not exist", isError: true }]);
    expect(entries(fixtures.toolCompleteBash)[0]).toMatchObject({ content: expect.stringContaining("built") });
    expect(entries(fixtures.sessionError)).toEqual([{ type: "error", message: "400 stand-in refuses" }]);
    expect(entries(fixtures.abort)).toEqual([{ type: "error", severity: "warning", message: `Aborted (${JSON.parse(fixtures.abort).data.reason})` }]);
    expect(entries(fixtures.messageDelta)).toEqual([]);
    expect(entries(fixtures.resultError)).toEqual([expect.objectContaining({ type: "result", isError: true })]);
  });

  it("shows a call to Arbor's MCP server (arbor-<tool>) with its answer, like any tool call", () => {
    expect(entries(fixtures.assistantMessageMcp)).toEqual([
      {
        type: "tool_call",
        toolUseId: "call_mcp1",
        tool: "arbor-search_sessions",
        input: { query: "login", limit: 2 },
        summary: { kind: "other", text: '{"query":"login","limit":2}' },
      },
    ]);
    expect(entries(fixtures.toolCompleteMcp)).toEqual([
      { type: "tool_result", toolUseId: "call_mcp1", content: 'MCPRESULT: 1 session matches "login" (limit 2): ses-42 "Fix login bug"', isError: false },
    ]);
  });

  it("reads an unknown session from stderr", () => {
    expect(classifyCopilotStderr(fixtures.stderrSessionNotFound)).toEqual({ sessionNotFound: true });
  });

  it("never throws (property)", () => {
    const parse = createCopilotLineParser();
    fc.assert(fc.property(fc.string(), (line) => expect(typeof parse(line).event.kind).toBe("string")));
    fc.assert(fc.property(fc.string(), fc.anything(), (kind, payload) => expect(Array.isArray(normalizeCopilotEvent({ kind, payload }))).toBe(true)));
  });
});
