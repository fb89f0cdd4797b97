import { createEntryPrinter, renderEntries, renderEntry, summarizeToolInput, toolResultText } from "./entries";
import { plain } from "./style";

const r = (entry: unknown) => renderEntry(entry, plain);

describe("renderEntry", () => {
  it("prints assistant text and plain text as is, line by line", () => {
    expect(r({ kind: "assistant_text", text: "Hello\nworld" })).toEqual(["Hello", "world"]);
    expect(r({ kind: "text", text: "raw" })).toEqual(["raw"]);
    expect(r({ kind: "assistant_text" })).toEqual([]);
  });

  it("prints tool calls as ▸ Tool: summary", () => {
    expect(r({ kind: "tool_call", tool: "Bash", input: { command: "ls -la" } })).toEqual(["▸ Bash: ls -la"]);
    expect(r({ kind: "tool_call", tool: "Read", input: { file_path: "/a.ts" } })).toEqual(["▸ Read: /a.ts"]);
    expect(r({ kind: "tool_call", tool: "Edit", input: { file_path: "/b.ts" }, summary: "edit b.ts" })).toEqual(["▸ Edit: edit b.ts"]);
    expect(r({ kind: "tool_call", tool: "Grep", input: { pattern: "TODO", path: "src" } })).toEqual(["▸ Grep: TODO (in src)"]);
    expect(r({ kind: "tool_call", tool: "Bash", input: { command: "echo a\necho b" } })).toEqual(["▸ Bash: echo a echo b"]);
    expect(r({ kind: "tool_call", tool: "mcp__x", input: { n: 1 } })).toEqual(['▸ mcp__x: {"n":1}']);
    expect(r({ kind: "tool_call" })).toEqual(["▸ tool"]);
  });

  it("indents tool results and truncates long ones", () => {
    const content = Array.from({ length: 12 }, (_, i) => `line ${i}`).join("\n");
    const lines = r({ kind: "tool_result", content, isError: false });
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe("  │ line 0");
    expect(lines[8]).toBe("  │ … (+4 more lines)");
    expect(renderEntry({ kind: "tool_result", content: "x".repeat(500) }, { color: false, columns: 40 })[0]).toHaveLength(40);
    expect(r({ kind: "tool_result", content: "" })).toEqual(["  │ (no output)"]);
  });

  it("reads content blocks in tool results", () => {
    expect(toolResultText([{ type: "text", text: "a" }, { type: "image", source: {} }, "b"])).toBe("a\n[image]\nb");
    expect(toolResultText({ text: "t" })).toBe("t");
    expect(toolResultText({ n: 1 })).toBe('{"n":1}');
  });

  it("paints errors red only when colors are on", () => {
    const entry = { kind: "tool_result", content: "ENOENT", isError: true };
    expect(renderEntry(entry, { color: false })).toEqual(["  │ ENOENT"]);
    expect(renderEntry(entry, { color: true })[0]).toBe("\x1b[31m  │ ENOENT\x1b[39m");
    expect(renderEntry({ kind: "error", message: "boom" }, { color: true })[0]).toContain("\x1b[31m");
    expect(r({ kind: "error", message: "boom" })).toEqual(["✘ error: boom"]);
  });

  it("renders the other kinds", () => {
    expect(r({ kind: "thinking", text: "hmm" })).toEqual(["✻ hmm"]);
    expect(r({ kind: "user_message", text: "do it" })).toEqual(["› do it"]);
    expect(r({ kind: "system_init", model: "m", cwd: "/r" })).toEqual(["● session started (model m, cwd /r)"]);
    expect(r({ kind: "system_init" })).toEqual(["● session started"]);
    expect(r({ kind: "stderr", text: "warn\n" })).toEqual(["stderr │ warn"]);
    expect(r({ kind: "unparsed", raw: "{oops" })).toEqual(["? {oops"]);
    expect(
      r({ kind: "result", isError: false, text: "done", costUsd: 0.0123, usage: { inputTokens: 1234, outputTokens: 56 }, durationMs: 12300, numTurns: 3 }),
    ).toEqual(["✔ result · $0.0123 · 1,234 in / 56 out tokens · 3 turns · 12.3s"]);
    expect(r({ kind: "result", isError: true, text: "it broke" })).toEqual(["✘ result (error)", "  it broke"]);
  });

  it("prints unknown kinds generically and tolerates junk", () => {
    expect(r({ kind: "diff", text: "+a" })).toEqual(["[diff] +a"]);
    expect(r({ kind: "weird", n: 1 })).toEqual(['[weird] {"n":1}']);
    expect(r({ nokind: true })).toEqual(['[entry] {"nokind":true}']);
    expect(r(null)).toEqual([]);
    expect(r("just a string")).toEqual(["just a string"]);
    expect(r(42)).toEqual(["[entry] 42"]);
  });

  it("renders lists of entries and ignores a non-array", () => {
    expect(
      renderEntries(
        [
          { kind: "text", text: "a" },
          { kind: "text", text: "b" },
        ],
        plain,
      ),
    ).toEqual(["a", "b"]);
    expect(renderEntries(undefined, plain)).toEqual([]);
  });
});

describe("the server's LogEntry shape (lib/executions/log-entries.ts)", () => {
  it("reads `type` as the discriminator", () => {
    expect(r({ type: "assistant_text", text: "hi" })).toEqual(["hi"]);
    expect(r({ type: "system_init", model: null, cwd: null, tools: [] })).toEqual(["● session started"]);
  });

  it("reads structured tool call summaries", () => {
    const call = (summary: unknown) => r({ type: "tool_call", toolUseId: "t", tool: "X", input: {}, summary });
    expect(call({ kind: "command", command: "npm test" })).toEqual(["▸ X: npm test"]);
    expect(call({ kind: "file_edit", path: "/a.ts", edits: [{}, {}] })).toEqual(["▸ X: /a.ts (2 edits)"]);
    expect(call({ kind: "search", pattern: "foo", path: "src" })).toEqual(["▸ X: foo (in src)"]);
    expect(call({ kind: "web", target: "https://x" })).toEqual(["▸ X: https://x"]);
    expect(call({ kind: "other", text: "something" })).toEqual(["▸ X: something"]);
  });

  it("shows warnings, truncation and sub-agent nesting", () => {
    expect(r({ type: "error", message: "slow", severity: "warning" })).toEqual(["⚠ warning: slow"]);
    expect(r({ type: "tool_result", toolUseId: "t", content: "x", isError: false, truncated: true })).toEqual(["  │ x", "  │ … (truncated)"]);
    expect(r({ type: "assistant_text", text: "sub", parentToolUseId: "t1" })).toEqual(["  ┆ sub"]);
  });
});

describe("summarizeToolInput", () => {
  it("knows the common tools", () => {
    expect(summarizeToolInput("WebFetch", { url: "https://x" })).toBe("https://x");
    expect(summarizeToolInput("Task", { description: "explore" })).toBe("explore");
    expect(summarizeToolInput("TodoWrite", { todos: [1, 2] })).toBe("2 todos");
    expect(summarizeToolInput("Unknown", { path: "/p", other: 1 })).toBe("/p");
    expect(summarizeToolInput("Unknown", {})).toBe("");
    expect(summarizeToolInput("Unknown", "raw")).toBe("raw");
  });
});

describe("createEntryPrinter", () => {
  it("writes an assistant's streamed pieces as one run of text, ended before what follows", () => {
    let out = "";
    const printer = createEntryPrinter(plain, (text) => {
      out += text;
    });
    printer.print([{ type: "assistant_text", text: "Echo: He", delta: true }]);
    printer.print([{ type: "assistant_text", text: "llo", delta: true }]);
    printer.print([{ type: "text", text: "next" }]);
    printer.print([{ type: "assistant_text", text: "tail", delta: true }]);
    printer.end();
    printer.end();
    expect(out).toBe("Echo: Hello\nnext\ntail\n");
  });

  it("prints a reply once, when it is complete: the drafts written before it are not printed", () => {
    let out = "";
    const printer = createEntryPrinter(plain, (text) => {
      out += text;
    });
    printer.print([{ type: "text_draft", text: "Echo: He" }]);
    printer.print([{ type: "text_draft", text: "llo" }]);
    printer.print([{ type: "assistant_text", text: "Echo: Hello" }]);
    printer.end();
    expect(out).toBe("Echo: Hello\n");
    expect(renderEntries([{ type: "text_draft", text: "x" }], plain)).toEqual([]);
  });
});
