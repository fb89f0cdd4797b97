import { approvalDetail, summarizeApproval } from "@/lib/approvals/describe";

describe("summarizeApproval", () => {
  it.each<[string, Parameters<typeof summarizeApproval>, string]>([
    ["a command", ["tool", "Bash", { command: "npm test", description: "run" }], "$ npm test"],
    ["a multi-line command on one line", ["tool", "Bash", { command: "cd a\nnpm test" }], "$ cd a ⏎ npm test"],
    ["an edit", ["tool", "Edit", { file_path: "/w/src/a.ts", old_string: "a", new_string: "b" }], "edit /w/src/a.ts"],
    ["a write", ["tool", "Write", { file_path: "notes.md", content: "x" }], "write notes.md"],
    ["a fetch", ["tool", "WebFetch", { url: "https://example.com", prompt: "read" }], "WebFetch https://example.com"],
    ["an MCP tool", ["tool", "mcp__arbor__search_sessions", { query: "auth" }], 'mcp__arbor__search_sessions {"query":"auth"}'],
    ["a tool without input", ["tool", "TodoRead", {}], "TodoRead"],
    ["garbage input", ["tool", "Bash", "not an object"], "Bash"],
    ["a question", ["question", "AskUserQuestion", { questions: [{ question: "Which color?", options: [] }] }], "Asks: Which color?"],
    ["a plan", ["plan", "ExitPlanMode", { plan: "# Add a cache\n1. …" }], "Plan: Add a cache"],
    ["a plan without its text", ["plan", "ExitPlanMode", {}], "Proposes a plan"],
  ])("%s", (_, args, expected) => {
    expect(summarizeApproval(...args)).toBe(expected);
  });

  it("cuts long lines", () => {
    const summary = summarizeApproval("tool", "Bash", { command: "x".repeat(500) });
    expect(summary).toHaveLength(160);
    expect(summary.endsWith("…")).toBe(true);
  });
});

describe("approvalDetail", () => {
  it("reads questions and options, dropping malformed ones", () => {
    const input = {
      questions: [
        { question: "Which color?", header: "Color", multiSelect: false, options: [{ label: "Red", description: "warm" }, { label: "" }, "x"] },
        { header: "no question" },
      ],
    };
    expect(approvalDetail("question", input)).toEqual({
      plan: null,
      questions: [{ question: "Which color?", header: "Color", multiSelect: false, options: [{ label: "Red", description: "warm" }] }],
    });
  });

  it("has none for a tool call, and the plan for a plan", () => {
    expect(approvalDetail("tool", { command: "ls" })).toBeNull();
    expect(approvalDetail("plan", { plan: "# P" })).toEqual({ plan: "# P", questions: [] });
  });
});
