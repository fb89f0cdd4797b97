import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { ExecutionHistory } = require("@/components/execution/execution-history") as typeof import("@/components/execution/execution-history");
const { historyRows } = require("@/lib/executions/history-rows") as typeof import("@/lib/executions/history-rows");
const { historyPreviewOf, runContinueFork } = require("@/test/support/execution-fixtures") as typeof import("@/test/support/execution-fixtures");

function renderHistory(roots: Parameters<typeof ExecutionHistory>[0]["roots"]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ExecutionHistory roots={roots} />
    </QueryClientProvider>,
  );
}

// jsdom lays nothing out: every row measures ROW px (the list's first guess, so offsets are exact before rows are measured),
// the window is jsdom's 1024×768 over a tall page, and scrolling is ours to move.
const { HISTORY_ROW_ESTIMATE: ROW } = require("@/components/execution/use-history-window") as typeof import("@/components/execution/use-history-window");
const scrollTo = jest.fn();
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => ROW });
  Object.defineProperty(document.documentElement, "scrollHeight", { configurable: true, get: () => 1_000_000 });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterAll(() => {
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).offsetHeight;
  delete (document.documentElement as unknown as Record<string, unknown>).scrollHeight;
});
afterEach(() => {
  scrollTo.mockClear();
  scrollWindowTo(0);
  window.history.replaceState(null, "", "/");
});
function scrollWindowTo(y: number) {
  Object.defineProperty(window, "scrollY", { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
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

describe("ExecutionHistory, a long list", () => {
  const { makeExecution } = require("@/test/support/execution-fixtures") as typeof import("@/test/support/execution-fixtures");
  const { buildSessionTree } = require("@/lib/executions/build-session-tree") as typeof import("@/lib/executions/build-session-tree");
  const many = (n: number) => Array.from({ length: n }, () => makeExecution());
  const items = () => within(screen.getByRole("list", { name: "Execution history" })).queryAllByRole("listitem");
  const positions = () => items().map((li) => Number(li.getAttribute("aria-posinset")));

  it("renders only the rows near the window, each saying where it stands among all of them", () => {
    const executions = many(1000);
    renderHistory(buildSessionTree(executions));
    const shown = items();
    // jsdom's 768 px of window at ROW px a row, and a few beyond each edge: not a thousand.
    expect(shown.length).toBeGreaterThanOrEqual(16);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toHaveAttribute("aria-posinset", "1");
    for (const li of shown) expect(li).toHaveAttribute("aria-setsize", "1000");
    expect(shown[0]).toHaveAttribute("data-execution-id", executions[0].id);
    // The list is as tall as all its rows, so the page scrolls through all of them.
    expect(screen.getByRole("list", { name: "Execution history" }).style.height).toBe(`${1000 * ROW}px`);
  });

  it("renders the rows the window scrolls to", () => {
    const executions = many(1000);
    renderHistory(buildSessionTree(executions));
    scrollWindowTo(600 * ROW);
    expect(positions()).toContain(601);
    expect(positions()).not.toContain(1);
    expect(document.querySelector(`[data-execution-id="${executions[600].id}"]`)).toHaveAttribute("aria-posinset", "601");
  });

  it("renders a short list in full", () => {
    renderHistory(buildSessionTree(many(100)));
    expect(items()).toHaveLength(100);
  });

  it("shows executions that arrive, and the new count", () => {
    const executions = many(300);
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <ExecutionHistory roots={buildSessionTree(executions)} />
      </QueryClientProvider>,
    );
    const first = executions[0];
    const next = makeExecution({ parentExecutionId: first.id, status: "running", prompt: "keep going" });
    view.rerender(
      <QueryClientProvider client={client}>
        <ExecutionHistory roots={buildSessionTree([...executions.map((e) => (e.id === first.id ? { ...e, status: "failed" as const } : e)), next])} />
      </QueryClientProvider>,
    );
    // The continuation comes right after its source, and the source's new status shows.
    expect(items()[1]).toHaveAttribute("data-execution-id", next.id);
    expect(items()[1]).toHaveTextContent("keep going");
    expect(items()[0]).toHaveTextContent(/failed/i);
    for (const li of items()) expect(li).toHaveAttribute("aria-setsize", "301");
  });

  it("shows the preview drawn with the page until the executions are in, then the whole list, keeping what was ticked", async () => {
    const user = userEvent.setup();
    const executions = many(1000);
    const roots = buildSessionTree(executions);
    const preview = historyPreviewOf(roots, 24);
    expect(preview.total).toBe(1000);
    expect(preview.rows.map((r) => r.node.id)).toEqual(executions.slice(0, 24).map((e) => e.id));
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <ExecutionHistory roots={[]} preview={preview} />
      </QueryClientProvider>,
    );
    // The preview's rows, in the document's flow (not placed by the virtualizer), each knowing the list has 1,000.
    expect(items()).toHaveLength(24);
    for (const li of items()) {
      expect(li).toHaveAttribute("aria-setsize", "1000");
      expect(li.style.transform).toBe("");
    }
    const second = executions[1];
    await user.click(screen.getByRole("checkbox", { name: `Select #${second.id.slice(0, 8)} to compare` }));
    view.rerender(
      <QueryClientProvider client={client}>
        <ExecutionHistory roots={roots} preview={null} />
      </QueryClientProvider>,
    );
    // The whole list now, placed by the virtualizer, and the row ticked in the preview still ticked.
    expect(screen.getByRole("list", { name: "Execution history" }).style.height).toBe(`${1000 * ROW}px`);
    expect(items()[1].style.transform).toBe(`translateY(${ROW}px)`);
    expect(screen.getByRole("checkbox", { name: `Select #${second.id.slice(0, 8)} to compare` })).toBeChecked();
  });

  it("keeps the preview's rows under the error when the executions cannot be loaded", () => {
    const preview = historyPreviewOf(buildSessionTree(many(40)), 24);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ExecutionHistory roots={[]} preview={preview} error={new Error("The server did not answer")} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("The server did not answer");
    expect(items()).toHaveLength(24);
  });

  it("scrolls to the row #exec-<id> names, and marks it", () => {
    const executions = many(1000);
    const target = executions[700];
    window.history.replaceState(null, "", `#exec-${target.id}`);
    renderHistory(buildSessionTree(executions));
    // Centred in the 768 px window.
    const centred = 700 * ROW - 768 / 2 + ROW / 2;
    expect(scrollTo.mock.calls.some(([options]) => Math.abs(options.top - centred) <= 1)).toBe(true);
    scrollWindowTo(centred);
    const row = document.getElementById(`exec-${target.id}`)!;
    expect(row).toHaveAttribute("aria-posinset", "701");
    expect(row.className).toContain("ring-amber-400");
  });

  it("keeps a row with an open form, and the row holding focus, rendered when the window leaves them", async () => {
    const user = userEvent.setup();
    const executions = many(1000);
    renderHistory(buildSessionTree(executions));
    await user.click(screen.getByRole("button", { name: `Fork #${executions[0].id.slice(0, 8)}` }));
    await user.type(screen.getByLabelText("Next prompt"), "half a thought");
    // Its form open and focus in it: the row is kept, once.
    scrollWindowTo(500 * ROW);
    expect(positions().filter((p) => p === 1)).toHaveLength(1);
    expect(screen.getByLabelText("Next prompt")).toHaveValue("half a thought");
    scrollWindowTo(0);
    fireEvent.focus(screen.getByRole("checkbox", { name: `Select #${executions[2].id.slice(0, 8)} to compare` }));
    scrollWindowTo(500 * ROW);
    expect(positions()).toEqual(expect.arrayContaining([1, 3, 501]));
    expect(positions()).not.toContain(2);
    expect(screen.getByLabelText("Next prompt")).toHaveValue("half a thought");
    // Rows stay in document order, so Tab goes through them top to bottom.
    expect(positions()).toEqual([...positions()].sort((a, b) => a - b));
  });
});
