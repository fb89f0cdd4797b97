import fc from "fast-check";
import fixtures from "@/server/agents/gemini/__fixtures__/stream-json-0.61.0.json";
import { classifyGeminiStderr } from "@/server/agents/gemini/classify-gemini-stderr";
import { normalizeGeminiEvent } from "@/server/agents/gemini/normalize-gemini-event";
import { createGeminiLineParser, parseGeminiLine } from "@/server/agents/gemini/parse-gemini-line";

// Lines recorded from Gemini CLI 0.61.0 against the Gemini-API stand-in.

const entries = (line: string) => normalizeGeminiEvent(parseGeminiLine(line).event);
const sessionId = JSON.parse(fixtures.init).session_id as string;

describe("Gemini CLI stream-json", () => {
  it("takes the session id from init and ends on the result line", () => {
    expect(parseGeminiLine(fixtures.init).signals).toEqual({ sessionId });
    expect(parseGeminiLine(fixtures.resultSuccess).signals.result).toMatchObject({
      isError: false,
      usage: { inputTokens: 22, outputTokens: 14 },
      costUsd: null,
    });
    expect(parseGeminiLine(fixtures.resultError).signals.result).toMatchObject({ isError: true, errorMessage: expect.stringContaining("stand-in refuses") });
    for (const line of [fixtures.userMessage, fixtures.assistantDelta, fixtures.toolUseShell, fixtures.toolResultError])
      expect(parseGeminiLine(line).signals).toEqual({});
  });

  it("names the announced session in the run's result", () => {
    const parse = createGeminiLineParser();
    parse(fixtures.init);
    expect(parse(fixtures.resultSuccess).signals.result?.sessionId).toBe(sessionId);
  });

  it("shows prompts, streamed text, tool calls with their results, and the outcome", () => {
    expect(entries(fixtures.init)).toEqual([{ type: "system_init", model: "gemini-2.5-flash", cwd: null, tools: [] }]);
    expect(entries(fixtures.userMessage)).toEqual([{ type: "user_message", text: "write it" }]);
    expect(entries(fixtures.assistantDelta)).toEqual([{ type: "assistant_text", text: "Working.", delta: true }]);
    expect(entries(fixtures.toolUseWriteFile)).toEqual([
      {
        type: "tool_call",
        toolUseId: "write_file__call_1",
        tool: "write_file",
        input: { file_path: "notes.md", content: "# Notes\n" },
        summary: { kind: "file_write", path: "notes.md", content: "# Notes\n" },
      },
    ]);
    expect(entries(fixtures.toolUseReplace)[0]).toMatchObject({
      summary: { kind: "file_edit", path: "notes.md", edits: [{ oldString: "# Notes", newString: "# Better notes" }] },
    });
    expect(entries(fixtures.toolUseShell)[0]).toMatchObject({ summary: { kind: "command", command: "echo built > out.txt && cat out.txt" } });
    expect(entries(fixtures.toolResultShell)).toEqual([{ type: "tool_result", toolUseId: "run_shell_command__call_1", content: "built", isError: false }]);
    expect(entries(fixtures.toolResultWriteFile)).toEqual([{ type: "tool_result", toolUseId: "write_file__call_1", content: "success", isError: false }]);
    expect(entries(fixtures.toolResultError)).toEqual([{ type: "tool_result", toolUseId: "read_file__call_1", content: "File not found.", isError: true }]);
    expect(entries(fixtures.resultError)).toEqual([expect.objectContaining({ type: "result", isError: true, text: expect.stringContaining("API Error") })]);
    expect(entries(fixtures.resultSuccess)).toEqual([
      expect.objectContaining({ type: "result", isError: false, usage: { inputTokens: 22, outputTokens: 14 }, durationMs: expect.any(Number) }),
    ]);
  });

  it("reads unknown sessions, other projects and taken ids from stderr", () => {
    expect(classifyGeminiStderr(fixtures.stderrUnknownId)).toEqual({ sessionNotFound: true });
    expect(classifyGeminiStderr(fixtures.stderrNoSessionsHere)).toEqual({ sessionNotFound: true });
    expect(classifyGeminiStderr(fixtures.stderrIdInUse)).toEqual({ sessionIdInUse: true });
    expect(classifyGeminiStderr("Ripgrep is not available. Falling back to GrepTool.\n")).toEqual({});
  });

  it("never throws (property)", () => {
    fc.assert(fc.property(fc.string(), (line) => expect(typeof parseGeminiLine(line).event.kind).toBe("string")));
    fc.assert(fc.property(fc.string(), fc.anything(), (kind, payload) => expect(Array.isArray(normalizeGeminiEvent({ kind, payload }))).toBe(true)));
  });
});
