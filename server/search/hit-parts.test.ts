import type { LogEntry } from "@/lib/executions/log-entries";
import { documentParts, eventParts } from "@/server/search/hit-parts";

describe("eventParts", () => {
  it("lists files first, then tool calls, assistant text and prompts (markdown read as text)", () => {
    const entries: LogEntry[] = [
      { type: "assistant_text", text: "Let me **edit** it." },
      { type: "tool_call", toolUseId: "1", tool: "Edit", input: {}, summary: { kind: "file_edit", path: "src/a.ts", edits: [] } },
      { type: "tool_call", toolUseId: "2", tool: "Bash", input: {}, summary: { kind: "command", command: "npm test", description: "Run tests" } },
      { type: "user_message", text: "go `on`" },
    ];
    expect(eventParts(entries)).toEqual([
      { kind: "file", match: "src/a.ts a.ts a ts", display: "Edit src/a.ts" },
      { kind: "tool", match: "Edit", display: "Edit src/a.ts" },
      { kind: "tool", match: "Bash\nnpm test\nRun tests", display: "Bash: npm test — Run tests" },
      { kind: "assistant", match: "Let me **edit** it.", display: "Let me edit it." },
      { kind: "prompt", match: "go `on`", display: "go on" },
    ]);
  });
});

describe("documentParts", () => {
  it("offers a spec's or issue's text before its title, and only the title when the text is empty", () => {
    expect(documentParts("spec", "Login", "## Goal\nFix *it*")).toEqual([
      { kind: "spec", match: "## Goal\nFix *it*", display: "Goal\nFix it" },
      { kind: "spec", match: "Login", display: "Login" },
    ]);
    expect(documentParts("issue", "Crash", "  ")).toEqual([{ kind: "issue", match: "Crash", display: "Crash" }]);
  });
});
