import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ExecutionDto } from "@/lib/executions/schema";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { seedAgents } from "@/test/support/agent-fixtures";
import { makeExecution } from "@/test/support/execution-fixtures";
import { FakeEventSource } from "@/test/support/fake-event-source";
import { makeOutcome } from "@/test/support/insights-fixtures";
import { queryKeys } from "@/lib/query-keys";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { ExecutionView } = require("@/components/execution/execution-view") as typeof import("@/components/execution/execution-view");

// The execution page as a person reads it: the conversation first, the telemetry folded under "Details",
// and Continue / Fork opening the new turn.

const respond = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });

function serve(execution: ExecutionDto, created?: ExecutionDto) {
  return jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.split("?")[0];
    if (init?.method === "POST" && created) return respond(201, created);
    if (path === `/api/executions/${execution.id}`) return respond(200, execution);
    if (path === `/api/executions/${execution.id}/events`) return respond(200, { events: [], nextAfter: 0, after: 0 });
    if (path === `/api/executions/${execution.id}/mcp-calls`)
      return respond(200, { executionId: execution.id, consulted: [], calls: [], callCount: 0, raisedIssues: [], citations: [] });
    if (path === `/api/executions/${execution.id}/outcome`) return respond(200, makeOutcome(execution.id, { markable: false }));
    if (path === "/api/issues/ISSUE-1/session-tree") return respond(200, { roots: buildSessionTree([execution]) });
    if (path === "/api/issues/ISSUE-1") return respond(200, { id: "ISSUE-1", title: "Make the build green" });
    return respond(404, { error: { code: "not_found", message: path } });
  });
}

function renderView(execution: ExecutionDto, seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seedAgents(client);
  seed?.(client);
  return render(
    <QueryClientProvider client={client}>
      <ExecutionView id={execution.id} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeEventSource.install();
  mockPush.mockReset();
});

test("the prompt and the conversation come first; timings, machine and session id are folded under Details", async () => {
  const execution = makeExecution({
    status: "running",
    prompt: "Find out why the build fails",
    runnerId: "vm",
    finishedAt: null,
    timings: null,
    launch: { kind: "spawn", reason: null, pid: 42 },
  });
  global.fetch = serve(execution) as unknown as typeof fetch;
  renderView(execution);
  expect(await screen.findByTestId("turn-prompt")).toHaveTextContent("Find out why the build fails");
  expect(screen.getByRole("heading", { name: "Conversation" })).toBeInTheDocument();
  const details = screen.getByText("Details").closest("details")!;
  expect(details).not.toHaveAttribute("open");
  expect(within(details).getByText("vm")).not.toBeVisible();
  expect(within(details).getByText(/Started the agent/)).not.toBeVisible();
  expect(screen.getByText("Machine")).not.toBeVisible();
  await userEvent.click(screen.getByText("Details"));
  expect(within(details).getByText("vm")).toBeVisible();
  // The page's order: the conversation, then what to do next, then the folded details.
  const order = ["Conversation", "Next turn"].map((name) => screen.getByRole("heading", { name }));
  expect(order[0].compareDocumentPosition(order[1]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(order[1].compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test("Continue opens the new turn's page once the server has recorded it", async () => {
  const user = userEvent.setup();
  const execution = makeExecution({ prompt: "first" });
  const next = makeExecution({ status: "queued", parentExecutionId: execution.id, prompt: "second" });
  const fetchMock = serve(execution, next);
  global.fetch = fetchMock as unknown as typeof fetch;
  renderView(execution);
  await user.type(await screen.findByLabelText("Next prompt"), "second");
  await user.click(screen.getByRole("button", { name: "Continue Session" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/executions/${next.id}`));
  expect(fetchMock.mock.calls.find(([, init]) => init?.method === "POST")?.[0]).toBe(`/api/executions/${execution.id}/continue`);
});

test("a member of a fan-out shows its model and links to its group", async () => {
  const execution = makeExecution({ model: "opus", groupId: "GRP-3" });
  global.fetch = serve(execution) as unknown as typeof fetch;
  renderView(execution);
  expect(await screen.findByTestId("execution-model")).toHaveTextContent("opus");
  expect(screen.getByTestId("execution-group")).toHaveAttribute("href", "/groups/GRP-3");
  expect(screen.getByTestId("execution-group")).toHaveTextContent("one of GRP-3: compare");
});

test("drawn from the page's HTML (execution and log tail already cached), it does not ask for the log's tail again", async () => {
  const execution = makeExecution({ prompt: "first", eventCount: 1 });
  const fetchMock = serve(execution);
  global.fetch = fetchMock as unknown as typeof fetch;
  const tail = {
    events: [{ seq: 1, stream: "stdout", kind: "assistant", createdAt: execution.createdAt, entries: [{ type: "assistant_text", text: "Already here" }] }],
    nextAfter: 1,
    after: 0,
  };
  renderView(execution, (client) => {
    // What <HydrationBoundary> puts in the cache (app/executions/[id]/page.tsx).
    client.setQueryData(queryKeys.executions.detail(execution.id), execution);
    client.setQueryData(queryKeys.executions.logTail(execution.id), tail);
  });
  await screen.findByLabelText("Next prompt");
  await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0)); // the page's other panels have asked by now
  const asked = fetchMock.mock.calls.map(([url]) => String(url).split("?")[0]);
  expect(asked).not.toContain(`/api/executions/${execution.id}/events`);
});
