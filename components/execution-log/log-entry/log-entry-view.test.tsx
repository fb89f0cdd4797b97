import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LogEntryView } from "@/components/execution-log/log-entry/log-entry-view";
import { TRUNCATE_CHARS, TRUNCATE_LINES } from "@/components/execution-log/log-entry/truncated-text";
import type { LogEntry } from "@/lib/executions/log-entries";

function show(entry: LogEntry, toolName?: string) {
  return render(<LogEntryView entry={entry} toolName={toolName} />);
}

describe("LogEntryView", () => {
  it("renders assistant text as markdown", () => {
    show({ type: "assistant_text", text: "Done: **all green**\n\n- one\n- two\n\n`npm test`" });
    expect(screen.getByText("all green").tagName).toBe("STRONG");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("npm test").tagName).toBe("CODE");
  });

  it("sanitizes markdown: no raw HTML, no script, no javascript: links", () => {
    const { container } = show({
      type: "assistant_text",
      text: 'Hi <script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3)) <b>bold</b>',
    });
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/);
    const link = screen.getByText("click").closest("a");
    expect(link?.getAttribute("href") ?? "").not.toMatch(/javascript/);
  });

  it("shows a Bash call as its command with the description", () => {
    show({ type: "tool_call", toolUseId: "t1", tool: "Bash", input: {}, summary: { kind: "command", command: "npm test", description: "Run the tests" } });
    expect(screen.getByText("Bash")).toBeInTheDocument();
    expect(screen.getByText("npm test")).toBeInTheDocument();
    expect(screen.getByText("Run the tests")).toBeInTheDocument();
  });

  it("shows file reads and writes by path, and an edit as a diff", () => {
    const { unmount } = show({ type: "tool_call", toolUseId: "t", tool: "Read", input: {}, summary: { kind: "file_read", path: "/src/a.ts" } });
    expect(screen.getByText("/src/a.ts")).toBeInTheDocument();
    unmount();
    show({
      type: "tool_call",
      toolUseId: "t",
      tool: "Edit",
      input: {},
      summary: { kind: "file_edit", path: "/src/b.ts", edits: [{ oldString: "keep\nold line\nend", newString: "keep\nnew line\nend" }] },
    });
    expect(screen.getByText("/src/b.ts")).toBeInTheDocument();
    const diff = screen.getByLabelText("Diff");
    const lines = [...diff.children].map((l) => l.textContent);
    expect(lines).toEqual(["  keep", "- removed: old line", "+ added: new line", "  end"]);
  });

  it("folds tool results, opens errors, names the tool, truncates long output with a Show all toggle", async () => {
    const user = userEvent.setup();
    const long = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n");
    const { container, unmount } = show({ type: "tool_result", toolUseId: "t1", content: long, isError: false }, "Read");
    const details = container.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(screen.getByText(/Result of Read/)).toHaveTextContent("100 lines");
    await user.click(screen.getByText(/Result of Read/));
    expect(details.open).toBe(true);
    const pre = container.querySelector("pre")!;
    expect(pre.textContent).toContain(`line ${TRUNCATE_LINES}`);
    expect(pre.textContent).not.toContain("line 100");
    const toggle = screen.getByRole("button", { name: /Show all 100 lines/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(pre.textContent).toContain("line 100");
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    unmount();

    const { container: c2 } = show({ type: "tool_result", toolUseId: "t2", content: "x".repeat(TRUNCATE_CHARS + 500), isError: true }, "Bash");
    expect(c2.querySelector("details")!.open).toBe(true);
    expect(screen.getByText(/Error from Bash/)).toBeInTheDocument();
    expect(c2.querySelector("pre")!.textContent!.length).toBeLessThan(TRUNCATE_CHARS + 10);
  });

  it("highlights errors and warnings", () => {
    const { unmount } = show({ type: "error", message: "The agent crashed" });
    expect(screen.getByText("Error:")).toBeInTheDocument();
    expect(screen.getByText(/The agent crashed/).closest("div")?.className).toMatch(/red/);
    unmount();
    show({ type: "error", message: "API error 529; retrying", severity: "warning" });
    expect(screen.getByText("Warning:")).toBeInTheDocument();
    expect(screen.getByText(/API error 529; retrying/).closest("div")?.className).toMatch(/amber/);
  });

  it("summarizes the final result with cost, tokens, duration and turns", () => {
    show({
      type: "result",
      isError: false,
      text: "All **done**",
      costUsd: 0.0421,
      usage: { inputTokens: 1200, outputTokens: 300 },
      durationMs: 61_000,
      numTurns: 3,
    });
    expect(screen.getByText("Result")).toBeInTheDocument();
    expect(screen.getByText("done").tagName).toBe("STRONG");
    expect(screen.getByText(/\$0\.04 · 1,200 in \/ 300 out tokens · 1 min 1 s · 3 turns/)).toBeInTheDocument();
  });

  it("renders the other entry types", () => {
    const entries: LogEntry[] = [
      { type: "thinking", text: "hmm, rounding" },
      { type: "user_message", text: "Fix the build" },
      { type: "system_init", model: "claude-sonnet", cwd: "/w", tools: ["Bash", "Read"] },
      { type: "stderr", text: "warning: deprecated" },
      { type: "unparsed", raw: "{not json", truncated: true },
      { type: "text", text: "plain output" },
      { type: "tool_call", toolUseId: "t", tool: "Mystery", input: { a: 1 }, summary: { kind: "other", text: "a=1" } },
    ];
    const { container } = render(entries.map((e, i) => <LogEntryView key={i} entry={e} />));
    expect(screen.getByText("hmm, rounding")).toBeInTheDocument();
    expect(screen.getByText("Fix the build")).toBeInTheDocument();
    expect(screen.getByText(/The agent started · model claude-sonnet · in \/w · 2 tools/)).toBeInTheDocument();
    expect(screen.getByText("warning: deprecated")).toBeInTheDocument();
    expect(screen.getByText(/\{not json …\(truncated\)/)).toBeInTheDocument();
    expect(screen.getByText("plain output")).toBeInTheDocument();
    expect(screen.getByText("Mystery")).toBeInTheDocument();
    expect(container.querySelector("details summary")?.textContent).toBe("Input");
  });
});

describe("approvals in the log", () => {
  it("shows what the agent asked and how it was decided", () => {
    const { container } = render(
      <>
        <LogEntryView
          entry={{ type: "approval", phase: "requested", approvalId: "APR-3", kind: "tool", tool: "Bash", summary: "$ npm test", status: "pending" }}
        />
        <LogEntryView
          entry={{
            type: "approval",
            phase: "decided",
            approvalId: "APR-3",
            kind: "tool",
            tool: "Bash",
            summary: "$ npm test",
            status: "denied",
            decidedBy: "ada",
            message: "not now",
          }}
        />
      </>,
    );
    expect(container).toHaveTextContent("The agent asked to run: $ npm test (APR-3)");
    expect(container).toHaveTextContent("Denied by ada: $ npm test");
    expect(container).toHaveTextContent("Told the agent: not now");
  });
});
