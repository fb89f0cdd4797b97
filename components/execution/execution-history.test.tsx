import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { ExecutionHistory, historyRows } = require("@/components/execution/execution-history") as typeof import("@/components/execution/execution-history");
const { runContinueFork } = require("@/test/support/execution-fixtures") as typeof import("@/test/support/execution-fixtures");

function renderHistory(roots: Parameters<typeof ExecutionHistory>[0]["roots"]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ExecutionHistory roots={roots} />
    </QueryClientProvider>,
  );
}

describe("ExecutionHistory", () => {
  it("offers each row the follow-ups its agent can do, read once from the agents list", () => {
    const { makeExecution } = require("@/test/support/execution-fixtures") as typeof import("@/test/support/execution-fixtures");
    const { buildSessionTree } = require("@/lib/executions/build-session-tree") as typeof import("@/lib/executions/build-session-tree");
    const { seedAgents } = require("@/test/support/agent-fixtures") as typeof import("@/test/support/agent-fixtures");
    const claude = makeExecution({ agent: "claude" });
    const command = makeExecution({ agent: "command", createdAt: "2026-01-01T00:01:00.000Z" });
    const copilot = makeExecution({ agent: "copilot", createdAt: "2026-01-01T00:02:00.000Z" });
    const queryClient = new QueryClient();
    seedAgents(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <ExecutionHistory roots={buildSessionTree([claude, command, copilot])} />
      </QueryClientProvider>,
    );
    const row = (id: string) => document.querySelector<HTMLElement>(`[data-execution-id="${id}"]`)!;
    expect(within(row(claude.id)).getByRole("button", { name: `Fork #${claude.id.slice(0, 8)}` })).not.toHaveAttribute("title");
    // The plain command has no sessions: nothing to continue.
    expect(within(row(command.id)).queryByRole("button", { name: /^Continue/ })).toBeNull();
    // Copilot CLI cannot fork a session of its own: its Fork says so.
    expect(within(row(copilot.id)).getByRole("button", { name: `Fork #${copilot.id.slice(0, 8)}` })).toHaveAttribute(
      "title",
      expect.stringContaining("cannot fork a session of its own"),
    );
  });

  it("lists chains with forks indented under their source, heads marked, cost per row", () => {
    const { run, next, fork, roots } = runContinueFork();
    expect(historyRows(roots).map((r) => [r.node.id, r.depth])).toEqual([
      [run.id, 0],
      [fork.id, 1],
      [next.id, 0],
    ]);
    renderHistory(roots);
    const list = screen.getByRole("list", { name: "Execution history" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(within(list).getAllByText("fork", { exact: true })).toHaveLength(1);
    expect(within(list).getAllByText("head", { exact: true })).toHaveLength(2);
    expect(within(items[0]).getByText("$0.0012")).toBeInTheDocument();
    expect(within(items[0]).getByRole("link", { name: `#${run.id.slice(0, 8)}` })).toHaveAttribute("href", `/executions/${run.id}`);
  });

  it("names each row's session by its SESS-n, linked to the session's page, not by the agent's session id", () => {
    const { makeExecution } = require("@/test/support/execution-fixtures") as typeof import("@/test/support/execution-fixtures");
    const { buildSessionTree } = require("@/lib/executions/build-session-tree") as typeof import("@/lib/executions/build-session-tree");
    const run = makeExecution({ sessionId: "0f1e2d3c-aaaa-4000-8000-000000000000", managedSessionId: "SESS-3" });
    const queued = makeExecution({ parentExecutionId: run.id, status: "queued", sessionId: null, managedSessionId: null });
    const failed = makeExecution({ forkedFromExecutionId: run.id, status: "failed", sessionId: null, managedSessionId: null });
    renderHistory(buildSessionTree([run, queued, failed]));
    const rows = within(screen.getByRole("list", { name: "Execution history" })).getAllByRole("listitem");
    const rowOf = (id: string) => rows.find((r) => r.getAttribute("data-execution-id") === id)!;
    expect(within(rowOf(run.id)).getByRole("link", { name: "SESS-3" })).toHaveAttribute("href", "/sessions/SESS-3");
    expect(rowOf(run.id)).not.toHaveTextContent("0f1e2d3c");
    expect(rowOf(queued.id)).toHaveTextContent("no session yet");
    expect(rowOf(failed.id)).toHaveTextContent("no session");
    expect(rowOf(failed.id)).not.toHaveTextContent("no session yet");
  });

  it("opens Continue / Fork inline on a row", async () => {
    const user = userEvent.setup();
    const { run, roots } = runContinueFork();
    renderHistory(roots);
    await user.click(screen.getByRole("button", { name: `Fork #${run.id.slice(0, 8)}` }));
    expect(screen.getByRole("button", { name: "Fork Session" })).toBeInTheDocument();
    expect(screen.getByLabelText("Next prompt")).toHaveFocus();
  });

  it("compares two ticked rows", async () => {
    const user = userEvent.setup();
    const { next, fork, roots } = runContinueFork();
    renderHistory(roots);
    expect(screen.queryByRole("link", { name: "Compare" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: `Select #${next.id.slice(0, 8)} to compare` }));
    expect(screen.getByRole("button", { name: "Compare" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: `Select #${fork.id.slice(0, 8)} to compare` }));
    expect(screen.getByRole("link", { name: "Compare" })).toHaveAttribute("href", `/compare?a=${next.id}&b=${fork.id}`);
  });
});
