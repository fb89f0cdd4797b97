import fc from "fast-check";
import fixtures from "@/server/agents/qwen/__fixtures__/stream-json-0.24.4.json";
import { classifyQwenStderr } from "@/server/agents/qwen/classify-qwen-stderr";
import { normalizeQwenEvent } from "@/server/agents/qwen/normalize-qwen-event";
import { parseQwenLine } from "@/server/agents/qwen/parse-qwen-line";

// Lines recorded from Qwen Code 0.24.4 against the Chat-Completions stand-in.

const entries = (line: string) => normalizeQwenEvent(parseQwenLine(line).event);

describe("Qwen Code stream-json", () => {
  it("takes the session id from system/init and ends on the result", () => {
    const id = JSON.parse(fixtures.init).session_id;
    expect(parseQwenLine(fixtures.init)).toMatchObject({ event: { kind: "system_init" }, signals: { sessionId: id } });
    expect(parseQwenLine(fixtures.resultSuccess).signals.result).toMatchObject({
      sessionId: expect.any(String),
      isError: false,
      usage: { inputTokens: 22, outputTokens: 14 },
    });
    // An error's usage is zeros, not a running total.
    expect(parseQwenLine(fixtures.resultError).signals.result).toMatchObject({
      isError: true,
      errorMessage: "[API Error: 400 stand-in refuses]",
      usage: { inputTokens: null, outputTokens: null },
    });
    expect(parseQwenLine(fixtures.assistantText).signals).toEqual({});
  });

  it("shows text, tool calls (Qwen's tools) with results, and the outcome", () => {
    expect(entries(fixtures.init)).toEqual([expect.objectContaining({ type: "system_init", model: "standin-model", cwd: "/tmp/ax/ws6" })]);
    expect(entries(fixtures.assistantText)).toEqual([{ type: "assistant_text", text: "Working." }]);
    expect(entries(fixtures.assistantToolUseWrite)).toEqual([
      {
        type: "tool_call",
        toolUseId: "call_1",
        tool: "write_file",
        input: { file_path: "/tmp/ax/ws6/notes.md", content: "# Notes\n" },
        summary: { kind: "file_write", path: "/tmp/ax/ws6/notes.md", content: "# Notes\n" },
      },
    ]);
    expect(entries(fixtures.assistantToolUseEdit)[0]).toMatchObject({ summary: { kind: "file_edit", path: "/tmp/ax/ws6/notes.md" } });
    expect(entries(fixtures.assistantToolUseShell)[0]).toMatchObject({
      summary: { kind: "command", command: "echo built > out.txt && cat out.txt", description: "Build" },
    });
    expect(entries(fixtures.userToolResultShell)).toEqual([{ type: "tool_result", toolUseId: "call_1", content: "built", isError: false }]);
    expect(entries(fixtures.userToolResultError)).toEqual([expect.objectContaining({ type: "tool_result", isError: true })]);
    expect(entries(fixtures.resultError)).toEqual([expect.objectContaining({ type: "result", isError: true, text: "[API Error: 400 stand-in refuses]" })]);
    expect(entries(fixtures.resultSuccess)).toEqual([
      expect.objectContaining({ type: "result", isError: false, usage: { inputTokens: null, outputTokens: null } }),
    ]);
  });

  it("reads unknown and taken session ids from stderr", () => {
    expect(classifyQwenStderr(fixtures.stderrUnknownSession)).toEqual({ sessionNotFound: true });
    expect(classifyQwenStderr(fixtures.stderrSessionIdInUse)).toEqual({ sessionIdInUse: true });
  });

  it("never throws (property)", () => {
    fc.assert(fc.property(fc.string(), (line) => expect(typeof parseQwenLine(line).event.kind).toBe("string")));
    fc.assert(fc.property(fc.string(), fc.anything(), (kind, payload) => expect(Array.isArray(normalizeQwenEvent({ kind, payload }))).toBe(true)));
  });
});
