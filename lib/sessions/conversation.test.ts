import type { LogEntry } from "@/lib/executions/log-entries";
import { ConversationTurnBuilder, TURN_FILES_MAX } from "@/lib/sessions/conversation";

const text = (t: string, extra: Partial<LogEntry> = {}): LogEntry => ({ type: "assistant_text", text: t, ...extra }) as LogEntry;
const result = (t: string, isError = false): LogEntry => ({
  type: "result",
  isError,
  text: t,
  costUsd: null,
  usage: { inputTokens: null, outputTokens: null },
  durationMs: null,
  numTurns: null,
});
const bash = (command: string): LogEntry => ({ type: "tool_call", toolUseId: command, tool: "Bash", input: {}, summary: { kind: "command", command } });
const read = (path: string): LogEntry => ({ type: "tool_call", toolUseId: path, tool: "Read", input: {}, summary: { kind: "file_read", path } });

describe("ConversationTurnBuilder", () => {
  it.each<[string, LogEntry[], string | null, boolean]>([
    ["the final result's text", [text("Looking."), text("Done."), result("Done: all green.")], "Done: all green.", false],
    ["else the last message (an agent without a result text)", [text("First."), text("Last.")], "Last.", false],
    ["a streamed reply joined", [text("Hel", { delta: true }), text("lo", { delta: true })], "Hello", false],
    ["drafts never count", [text("Whole."), { type: "text_draft", text: "Half" }], "Whole.", false],
    ["a sub-agent's words are not the answer", [text("Mine."), text("Theirs.", { parentToolUseId: "task" })], "Mine.", false],
    ["an error result", [text("Trying."), result("Rate limited", true)], "Rate limited", true],
    ["an empty result falls back to the last message", [text("Said this."), result("  ")], "Said this.", false],
    ["nothing said yet", [bash("ls")], null, false],
  ])("answer: %s", (_, entries, answer, isError) => {
    const turn = new ConversationTurnBuilder("e1").add(entries).build();
    expect(turn.answer).toBe(answer);
    expect(turn.answerIsError).toBe(isError);
  });

  it("counts tools, lists files (capped, with their number) and errors, fed page by page", () => {
    const builder = new ConversationTurnBuilder("e1");
    builder.add([bash("ls"), bash("npm test"), read("a.ts")]);
    builder.add(Array.from({ length: TURN_FILES_MAX + 5 }, (_, i) => read(`f${i}.ts`)));
    builder.add([{ type: "tool_result", toolUseId: "x", content: "boom", isError: true }]);
    const turn = builder.build();
    expect(turn.tools).toEqual([
      { tool: "Read", count: TURN_FILES_MAX + 6 },
      { tool: "Bash", count: 2 },
    ]);
    expect(turn.files).toHaveLength(TURN_FILES_MAX);
    expect(turn.files[0]).toBe("a.ts");
    expect(turn.fileCount).toBe(TURN_FILES_MAX + 6);
    expect(turn.errorCount).toBe(1);
    expect(turn.executionId).toBe("e1");
  });
});
