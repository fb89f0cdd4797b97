import type { LogEntry } from "@/lib/executions/log-entries";
import { eventParts, HEADLINE_START as S, HEADLINE_STOP as E, readHeadline } from "@/server/search/hit-parts";

describe("readHeadline", () => {
  it("turns ts_headline markers into plain text and ranges", () => {
    expect(readHeadline(`The ${S}login${E} handler checks the ${S}token${E}.`)).toEqual({
      snippet: "The login handler checks the token.",
      highlights: [
        [4, 9],
        [29, 34],
      ],
    });
  });

  it("collapses whitespace and ignores unbalanced or empty markers", () => {
    expect(readHeadline(`a\n\n  ${S}${E}b ${E}c ${S}d`)).toEqual({ snippet: "a b c d", highlights: [] });
  });
});

describe("eventParts", () => {
  it("lists files first, then tool calls, assistant text and prompts", () => {
    const entries: LogEntry[] = [
      { type: "assistant_text", text: "Let me edit it." },
      { type: "tool_call", toolUseId: "1", tool: "Edit", input: {}, summary: { kind: "file_edit", path: "src/a.ts", edits: [] } },
      { type: "tool_call", toolUseId: "2", tool: "Bash", input: {}, summary: { kind: "command", command: "npm test", description: "Run tests" } },
      { type: "user_message", text: "go on" },
    ];
    expect(eventParts(entries)).toEqual([
      { kind: "file", match: "src/a.ts a.ts a ts", display: "Edit src/a.ts" },
      { kind: "tool", match: "Edit", display: "Edit src/a.ts" },
      { kind: "tool", match: "Bash\nnpm test\nRun tests", display: "Bash: npm test — Run tests" },
      { kind: "assistant", match: "Let me edit it.", display: "Let me edit it." },
      { kind: "prompt", match: "go on", display: "go on" },
    ]);
  });
});
