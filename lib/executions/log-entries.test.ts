import { joinTextDeltas, supersedeDrafts, type LogEntry } from "@/lib/executions/log-entries";

const piece = (text: string, extra: Partial<LogEntry> = {}): LogEntry => ({ type: "assistant_text", text, delta: true, ...extra }) as LogEntry;
const call: LogEntry = { type: "tool_call", toolUseId: "t1", tool: "read_file", input: {}, summary: { kind: "file_read", path: "a.txt" } };

describe("joinTextDeltas", () => {
  it("joins a run of streamed pieces into one text, and nothing else", () => {
    const entries = [piece("Echo: He"), piece("llo gemi"), piece("ni"), call, piece("Done"), { type: "assistant_text", text: "whole" } as LogEntry];
    expect(joinTextDeltas(entries)).toEqual([piece("Echo: Hello gemini"), call, piece("Done"), { type: "assistant_text", text: "whole" }]);
  });

  it("keeps a sub-agent's pieces apart from the main thread's", () => {
    expect(joinTextDeltas([piece("a"), piece("b", { parentToolUseId: "task" })])).toHaveLength(2);
  });
});

describe("supersedeDrafts", () => {
  const draft = (text: string): LogEntry => ({ type: "text_draft", text });
  const whole = (text: string): LogEntry => ({ type: "assistant_text", text });

  it.each<[string, LogEntry[], LogEntry[]]>([
    ["no drafts", [whole("a")], [whole("a")]],
    ["drafts still being written are joined", [whole("a"), draft("Hel"), draft("lo")], [whole("a"), draft("Hello")]],
    ["the complete message supersedes its drafts", [draft("Hel"), draft("lo"), whole("Hello")], [whole("Hello")]],
    [
      "any entry ends a run of drafts",
      [draft("x"), { type: "tool_call", toolUseId: "t", tool: "Bash", input: {}, summary: { kind: "command", command: "ls" } }],
      [{ type: "tool_call", toolUseId: "t", tool: "Bash", input: {}, summary: { kind: "command", command: "ls" } }],
    ],
  ])("%s", (_, entries, expected) => {
    expect(supersedeDrafts(entries)).toEqual(expected);
  });
});
