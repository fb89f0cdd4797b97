import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { CompareTable, CompareView } from "@/components/compare/compare-view";
import type { ExecutionSummary } from "@/lib/executions/schema";
import { summarizeEntries } from "@/lib/executions/summary";
import { makeExecution, runContinueFork } from "@/test/support/execution-fixtures";

function summary(id: string, overrides: Partial<ExecutionSummary> = {}): ExecutionSummary {
  return { executionId: id, finalAnswer: null, finalIsError: false, tools: [], files: [], commands: [], errorCount: 0, entryCount: 0, ...overrides };
}

function row(label: string) {
  const header = screen.getAllByRole("rowheader").find((h) => h.textContent?.startsWith(label));
  if (!header) throw new Error(`no row ${label}`);
  return header.closest("tr")!;
}

describe("CompareTable", () => {
  it("compares the project's check on each side's snapshot", () => {
    const { next, fork } = runContinueFork();
    const check = (status: "passed" | "failed", summary: string) => ({
      status,
      exitCode: status === "passed" ? 0 : 1,
      durationMs: 1000,
      summary,
      command: "npm test",
      snapshotSha: "b",
      reusedFromExecutionId: null,
      startedAt: "2026-01-01T12:00:00.000Z",
    });
    render(
      <CompareTable
        a={{ execution: { ...next, check: check("failed", "failed (exit 1) in 1.0 s: 2 failing") }, summary: summary(next.id) }}
        b={{ execution: { ...fork, check: check("passed", "passed in 1.0 s") }, summary: summary(fork.id) }}
      />,
    );
    expect(row("Check")).toHaveTextContent("check failed");
    expect(row("Check")).toHaveTextContent("failed (exit 1) in 1.0 s: 2 failing");
    expect(row("Check")).toHaveTextContent("check passed");
  });

  it("puts two forks side by side: prompts, answers, tools, files, cost, duration, status", () => {
    const { next, fork } = runContinueFork();
    const a = {
      ...next,
      usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: null, cacheCreationTokens: null, costUsd: 0.05, durationMs: 2_000, numTurns: 2 },
    };
    const b = {
      ...fork,
      status: "failed" as const,
      usage: { inputTokens: 300, outputTokens: 60, cacheReadTokens: null, cacheCreationTokens: null, costUsd: 0.2, durationMs: 9_000, numTurns: 4 },
    };
    render(
      <CompareTable
        a={{
          execution: a,
          summary: summary(a.id, {
            finalAnswer: "Used **cookies**",
            tools: [{ tool: "Bash", count: 3 }],
            files: [{ path: "/src/auth.ts", actions: ["edit"] }],
          }),
        }}
        b={{
          execution: b,
          summary: summary(b.id, {
            finalAnswer: "Used OAuth",
            tools: [
              { tool: "Bash", count: 1 },
              { tool: "Edit", count: 2 },
            ],
            errorCount: 2,
          }),
        }}
      />,
    );
    const table = screen.getByRole("table", { name: /Comparison of execution/ });
    expect(
      within(table.querySelector("thead")!)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Aspect", `A · #${a.id.slice(0, 8)}`, `B · #${b.id.slice(0, 8)}`]);

    expect(row("Prompt")).toHaveTextContent("second: keep going");
    expect(row("Prompt")).toHaveTextContent("third: try another way");
    expect(row("Prompt")).toHaveAttribute("data-differs", "true");
    expect(within(row("Final answer")).getByText("cookies").tagName).toBe("STRONG");
    expect(row("Final answer")).toHaveTextContent("Used OAuth");
    expect(
      within(row("Tools used"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Bash × 3", "Bash × 1", "Edit × 2"]);
    expect(row("Files touched")).toHaveTextContent("/src/auth.ts (edit)");
    expect(row("Files touched")).toHaveTextContent("none");
    expect(row("Relationship")).toHaveTextContent(`continuation of #${a.parentExecutionId!.slice(0, 8)}`);
    expect(row("Relationship")).toHaveTextContent(`fork of #${b.forkedFromExecutionId!.slice(0, 8)}`);
    expect(row("Execution")).toHaveTextContent("Completed");
    expect(row("Execution")).toHaveTextContent("Failed");

    // Lower cost and duration are marked on the cheaper, faster side.
    const cost = within(row("Cost")).getAllByRole("cell");
    expect(cost.map((c) => c.textContent)).toEqual(["$0.05 (lower)", "$0.20"]);
    expect(
      within(row("Duration"))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2.0 s (lower)", "9.0 s"]);
    expect(row("Errors")).toHaveAttribute("data-differs", "true");
  });

  it("shows placeholders while summaries load and does not mark equal rows", () => {
    const a = makeExecution({ prompt: "same" });
    const b = makeExecution({ prompt: "same" });
    render(<CompareTable a={{ execution: a, summary: null }} b={{ execution: b, summary: null }} />);
    expect(row("Prompt")).not.toHaveAttribute("data-differs");
    expect(within(row("Tools used")).getAllByText("…")).toHaveLength(2);
  });
});

describe("CompareView", () => {
  it("asks for two executions when the address has none", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CompareView />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Pick two executions to compare")).toBeInTheDocument();
  });
});

describe("summarizeEntries", () => {
  it("counts tools, files and commands and keeps the last result", () => {
    const s = summarizeEntries("x", [
      { type: "tool_call", toolUseId: "1", tool: "Bash", input: {}, summary: { kind: "command", command: "npm test" } },
      { type: "tool_call", toolUseId: "2", tool: "Read", input: {}, summary: { kind: "file_read", path: "/a.ts" } },
      { type: "tool_call", toolUseId: "3", tool: "Edit", input: {}, summary: { kind: "file_edit", path: "/a.ts", edits: [] } },
      { type: "tool_call", toolUseId: "4", tool: "Bash", input: {}, summary: { kind: "command", command: "npm run build" } },
      { type: "tool_result", toolUseId: "4", content: "boom", isError: true },
      { type: "result", isError: false, text: "first", costUsd: 0, usage: { inputTokens: 0, outputTokens: 0 }, durationMs: 0, numTurns: 1 },
      { type: "result", isError: false, text: "final", costUsd: 0, usage: { inputTokens: 0, outputTokens: 0 }, durationMs: 0, numTurns: 2 },
    ]);
    expect(s.tools).toEqual([
      { tool: "Bash", count: 2 },
      { tool: "Edit", count: 1 },
      { tool: "Read", count: 1 },
    ]);
    expect(s.files).toEqual([{ path: "/a.ts", actions: ["read", "edit"] }]);
    expect(s.commands).toEqual(["npm test", "npm run build"]);
    expect(s.errorCount).toBe(1);
    expect(s.finalAnswer).toBe("final");
  });
});
