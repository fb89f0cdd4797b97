import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { TurnPrompt } from "@/components/execution/execution-conversation";
import { ExecutionLog } from "@/components/execution-log/execution-log";
import { makeExecution } from "@/test/support/execution-fixtures";
import { FakeEventSource } from "@/test/support/fake-event-source";

// The conversation of a running execution: the prompt before any event, the
// reply growing as the agent writes it (text_draft), replaced by the complete message.

const empty = { events: [], nextAfter: 0, after: 0 };

// jsdom lays nothing out: give the log's scroller a size, so the virtualized list renders its rows.
beforeAll(() => {
  for (const prop of ["clientHeight", "clientWidth", "offsetHeight", "offsetWidth"] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => 600 });
  }
});
afterAll(() => {
  for (const prop of ["clientHeight", "clientWidth", "offsetHeight", "offsetWidth"] as const)
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
});
let fetchMock: jest.Mock;

beforeEach(() => {
  FakeEventSource.install();
  fetchMock = jest.fn(async () => ({ ok: true, status: 200, statusText: "", text: async () => JSON.stringify(empty) }));
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderLog() {
  const execution = makeExecution({ status: "running", prompt: "Find out why the build fails", eventCount: 0 });
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ExecutionLog executionId={execution.id} eventCount={0} finished={false} status="running" lead={<TurnPrompt execution={execution} />} />
    </QueryClientProvider>,
  );
  return execution;
}

const entry = (seq: number, entries: unknown[]) => FakeEventSource.instances[0].emit("entry", { seq, entries });

test("shows the prompt at once, before the log has answered", () => {
  fetchMock.mockImplementation(() => new Promise(() => {}));
  renderLog();
  expect(screen.getByTestId("turn-prompt")).toHaveTextContent("Find out why the build fails");
  expect(screen.getByRole("feed", { name: "Execution log" })).toBeInTheDocument();
});

test("the agent's reply grows as it is written, and the complete message replaces it", async () => {
  renderLog();
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  expect(screen.getByText("Waiting for the agent's first words…")).toBeInTheDocument();
  act(() => {
    FakeEventSource.instances[0].emit("open", {});
    // The agent's echo of the prompt is not shown twice.
    entry(1, [{ type: "user_message", text: "Find out why the build fails" }]);
    entry(2, [{ type: "text_draft", text: "The build fails " }]);
  });
  const draft = await screen.findByRole("article", { name: "Assistant, still writing" });
  expect(draft).toHaveTextContent("The build fails");
  expect(screen.getAllByText("Find out why the build fails")).toHaveLength(1);

  act(() => entry(3, [{ type: "text_draft", text: "because a config file is missing." }]));
  await waitFor(() =>
    expect(screen.getByRole("article", { name: "Assistant, still writing" })).toHaveTextContent("The build fails because a config file is missing."),
  );
  // One growing block, not one row per piece.
  expect(screen.getAllByRole("article")).toHaveLength(1);

  act(() => entry(4, [{ type: "assistant_text", text: "The build fails because a config file is missing." }]));
  await waitFor(() => expect(screen.queryByRole("article", { name: "Assistant, still writing" })).not.toBeInTheDocument());
  expect(screen.getByRole("article", { name: "Assistant" })).toHaveTextContent("The build fails because a config file is missing.");
  expect(screen.getAllByRole("article")).toHaveLength(1);
  expect(screen.getByRole("status")).toHaveTextContent("The agent is working…");
});

test("a result that repeats the reply shows only its figures", async () => {
  renderLog();
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  const result = {
    type: "result",
    isError: false,
    text: "All green.",
    costUsd: 0.01,
    usage: { inputTokens: 5, outputTokens: 7 },
    durationMs: 1200,
    numTurns: 1,
  };
  act(() => entry(1, [{ type: "assistant_text", text: "All green." }, result]));
  const finished = await screen.findByRole("article", { name: "Final result" });
  expect(finished).toHaveTextContent("Finished");
  expect(finished).not.toHaveTextContent("All green.");
  expect(screen.getAllByText("All green.")).toHaveLength(1);
});

test("a long log shows its end first, older pages from the end backwards as the view nears them, and Jump to start shows the beginning", async () => {
  const total = 10_000;
  const page = (after: number, count: number) => {
    const events = Array.from({ length: count }, (_, i) => ({
      seq: after + i + 1,
      stream: "stdout",
      kind: "text",
      createdAt: "2026-01-01T00:00:00.000Z",
      entries: [{ type: "assistant_text", text: `entry ${after + i + 1}` }],
    }));
    return { events, nextAfter: events.at(-1)?.seq ?? after, after };
  };
  const asked: string[] = [];
  fetchMock.mockImplementation(async (url: string) => {
    const params = new URL(url, "http://x").searchParams;
    asked.push(params.toString());
    // One older page answers; the next stays on its way (jsdom scrolls nowhere: this view stays at the top, by the gap, and would fill it all).
    if (asked.length > 2 && params.get("after") !== "0") return new Promise(() => {});
    const after = params.has("tail") ? total - Number(params.get("tail")) : Number(params.get("after"));
    const body = page(after, Math.min(Number(params.get("limit")), total - after));
    return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
  });
  const execution = makeExecution({ status: "completed", eventCount: total });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ExecutionLog executionId={execution.id} eventCount={total} finished status="completed" />
    </QueryClientProvider>,
  );
  expect(await screen.findByText("10,000 events")).toBeInTheDocument();
  expect(asked[0]).toContain("tail=500");
  // Older pages come from the end backwards as the view nears them.
  await waitFor(() => expect(asked[1]).toBe("after=8500&limit=1000"));

  act(() => screen.getByRole("button", { name: "↑ Jump to start" }).click());
  await waitFor(() => expect(document.getElementById("seq-1")).not.toBeNull());
});
