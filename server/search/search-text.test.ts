import type { LogEntry } from "@/lib/executions/log-entries";
import { MAX_SEARCH_TEXT, pathTerms, searchTextOf, touchedPaths } from "@/server/search/search-text";

const tool = (tool: string, summary: Extract<LogEntry, { type: "tool_call" }>["summary"]): LogEntry => ({
  type: "tool_call",
  toolUseId: "t",
  tool,
  input: {},
  summary,
});

describe("searchTextOf", () => {
  it("keeps assistant text, prompts, tool names and what tools acted on", () => {
    expect(searchTextOf([{ type: "assistant_text", text: "Fixed the bug." }])).toBe("Fixed the bug.");
    expect(searchTextOf([{ type: "user_message", text: "please fix it" }])).toBe("please fix it");
    expect(searchTextOf([tool("Bash", { kind: "command", command: "npm test", description: "Run the tests" })])).toBe("Bash\nnpm test\nRun the tests");
    expect(searchTextOf([tool("Grep", { kind: "search", pattern: "TODO", path: "src" })])).toBe("Grep\nTODO\nsrc");
    expect(searchTextOf([tool("WebFetch", { kind: "web", target: "https://example.com/docs" })])).toBe("WebFetch\nhttps://example.com/docs");
    expect(searchTextOf([tool("Task", { kind: "task", description: "explore the repo" })])).toBe("Task\nexplore the repo");
    expect(searchTextOf([tool("TodoWrite", { kind: "other", text: '{"todos":[]}' })])).toBe("TodoWrite");
  });

  it("indexes a file path with its suffixes and the words of its name", () => {
    expect(searchTextOf([tool("Edit", { kind: "file_edit", path: "/repo/src/auth/login-form.tsx", edits: [] })])).toBe(
      "Edit\n/repo/src/auth/login-form.tsx src/auth/login-form.tsx auth/login-form.tsx login-form.tsx login form tsx",
    );
  });

  it("leaves out what is bulky or repeated, and gives null when nothing is left", () => {
    const skipped: LogEntry[] = [
      { type: "tool_result", toolUseId: "t", content: "x".repeat(1000), isError: false },
      { type: "thinking", text: "hmm" },
      {
        type: "result",
        isError: false,
        text: "Fixed the bug.",
        costUsd: null,
        usage: { inputTokens: null, outputTokens: null },
        durationMs: null,
        numTurns: null,
      },
      { type: "system_init", model: null, cwd: null, tools: [] },
      { type: "stderr", text: "warning" },
      { type: "assistant_text", text: "   " },
    ];
    expect(searchTextOf(skipped)).toBeNull();
    expect(searchTextOf([])).toBeNull();
  });

  it("cuts very long text", () => {
    expect(searchTextOf([{ type: "assistant_text", text: "word ".repeat(50_000) }])!.length).toBe(MAX_SEARCH_TEXT);
  });
});

describe("pathTerms / touchedPaths", () => {
  it("lists suffixes of long paths up to a limit, and relative and Windows paths too", () => {
    expect(pathTerms("page.tsx")).toBe("page.tsx page tsx");
    expect(pathTerms("README")).toBe("README");
    expect(pathTerms("C:\\code\\app\\main.rs")).toBe("C:\\code\\app\\main.rs code/app/main.rs app/main.rs main.rs main rs");
    const deep = pathTerms("/a/b/c/d/e/f/g/h/i/j/k.ts").split(" ");
    expect(deep).toContain("d/e/f/g/h/i/j/k.ts");
    expect(deep).not.toContain("c/d/e/f/g/h/i/j/k.ts");
  });

  it("finds the paths tool calls touched", () => {
    expect(
      touchedPaths([
        tool("Read", { kind: "file_read", path: "a.ts" }),
        tool("Bash", { kind: "command", command: "ls" }),
        tool("Grep", { kind: "search", pattern: "x", path: "src" }),
        { type: "assistant_text", text: "b.ts" },
      ]),
    ).toEqual(["a.ts", "src"]);
  });
});
