import fc from "fast-check";
import { joinTextDeltas, supersedeDrafts, type LogEntry } from "@/lib/executions/log-entries";
import { conversationLines, type LogLine } from "@/lib/executions/log-lines";

const line = (seq: number, entry: LogEntry): LogLine => ({ key: `${seq}:0`, vkey: seq * 1024, seq, first: true, entry, sizeHint: 24 });
const lines = (...entries: LogEntry[]) => entries.map((entry, i) => line(i + 1, entry));
const piece = (text: string): LogEntry => ({ type: "assistant_text", text, delta: true });
const draft = (text: string): LogEntry => ({ type: "text_draft", text });
const whole = (text: string): LogEntry => ({ type: "assistant_text", text });
const prompt = (text: string): LogEntry => ({ type: "user_message", text });
const call: LogEntry = { type: "tool_call", toolUseId: "t1", tool: "Bash", input: {}, summary: { kind: "command", command: "ls" } };
const init: LogEntry = { type: "system_init", model: "m", cwd: "/w", tools: [] };

describe("conversationLines", () => {
  it.each<[string, LogEntry[], LogEntry[]]>([
    ["a run of pieces is one text", [piece("Echo: "), piece("Hel"), piece("lo"), call], [piece("Echo: Hello"), call]],
    ["drafts being written are one growing text", [whole("a"), draft("Hel"), draft("lo")], [whole("a"), draft("Hello")]],
    ["the complete message replaces its drafts", [draft("Hel"), draft("lo"), whole("Hello")], [whole("Hello")]],
    ["a tool call ends a run of drafts", [draft("x"), call], [call]],
    ["drafts after a tool call start a new text", [draft("a"), call, draft("b"), draft("c")], [call, draft("bc")]],
  ])("%s", (_, entries, expected) => {
    expect(conversationLines(lines(...entries)).map((l) => l.entry)).toEqual(expected);
  });

  it("keys a joined row by its first piece and leaves other rows as they are", () => {
    const input = lines(draft("Hel"), draft("lo"));
    const other = line(9, call);
    const [row] = conversationLines(input);
    expect(row).toMatchObject({ key: "1:0", seq: 1, entry: draft("Hello") });
    expect(conversationLines([...input, other])).toEqual([other]);
    expect(conversationLines([other])[0]).toBe(other);
  });

  it.each<[string, LogEntry[], LogEntry[]]>([
    ["the prompt's echo before any output is left out", [init, prompt("do it"), whole("done")], [init, whole("done")]],
    ["a message after output is a follow-up, kept", [init, prompt("do it"), whole("ok"), prompt("and this")], [init, whole("ok"), prompt("and this")]],
    ["no echo: nothing is left out", [init, whole("ok"), prompt("more")], [init, whole("ok"), prompt("more")]],
  ])("with hidePromptEcho: %s", (_, entries, expected) => {
    expect(conversationLines(lines(...entries), { hidePromptEcho: true }).map((l) => l.entry)).toEqual(expected);
  });

  it("keeps the prompt's echo unless asked", () => {
    expect(conversationLines(lines(prompt("do it")))).toHaveLength(1);
  });

  it("agrees with supersedeDrafts, then joinTextDeltas, on any log", () => {
    const entry = fc.oneof(fc.constantFrom<LogEntry>(call, whole("w"), init), fc.string({ maxLength: 3 }).map(draft), fc.string({ maxLength: 3 }).map(piece));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const rows = conversationLines(lines(...entries)).map((l) => l.entry);
        expect(rows).toEqual(joinTextDeltas(supersedeDrafts(entries)));
      }),
    );
  });
});
