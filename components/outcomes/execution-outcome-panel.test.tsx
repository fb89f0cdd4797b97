import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { ExecutionOutcomePanel } from "@/components/outcomes/execution-outcome-panel";
import { applyExecutionUpdate } from "@/lib/executions/status-stream";
import { queryKeys } from "@/lib/query-keys";
import { makeExecution } from "@/test/support/execution-fixtures";
import { makeOutcome } from "@/test/support/insights-fixtures";
import type { ExecutionOutcome } from "@/lib/outcomes/schema";

const ID = "00000001-0000-4000-8000-000000000001";

const outcome = (over: Partial<ExecutionOutcome> = {}) => makeOutcome(ID, over);

const respond = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, statusText: "", text: async () => JSON.stringify(body) });

let fetchMock: jest.Mock;

function renderPanel(client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <ExecutionOutcomePanel executionId={ID} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

test("marks worked with a note, shows who and when, and what Insights counts", async () => {
  const marked = outcome({
    mark: { verdict: "worked", note: "green", markedBy: null, via: "web", createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() },
    effective: { verdict: "worked", source: "mark" },
  });
  fetchMock.mockResolvedValueOnce(respond(200, outcome())).mockResolvedValueOnce(respond(200, marked)).mockResolvedValue(respond(200, marked));
  renderPanel();
  const worked = await screen.findByRole("button", { name: "Worked" });
  expect(worked).toHaveAttribute("aria-pressed", "false");
  expect(screen.queryByRole("button", { name: "Preferred" })).not.toBeInTheDocument(); // not at a branching point
  expect(screen.getByText(/Not judged yet/)).toBeInTheDocument();
  await userEvent.type(screen.getByPlaceholderText(/Note/), "green");
  await userEvent.click(worked);
  await waitFor(() => expect(screen.getByRole("button", { name: "Worked" })).toHaveAttribute("aria-pressed", "true"));
  const [url, init] = fetchMock.mock.calls[1];
  expect(url).toBe(`/api/executions/${ID}/outcome`);
  expect(init.method).toBe("PUT");
  expect(JSON.parse(init.body)).toEqual({ via: "web", mark: "worked", note: "green" });
  expect(screen.getByText(/Marked worked in the browser/)).toHaveTextContent("— “green”");
  expect(screen.getByText("Counts as worked: marked so.")).toBeInTheDocument();
});

test("a running execution cannot be marked yet, and a refusal is shown", async () => {
  fetchMock.mockResolvedValue(respond(200, outcome({ markable: false })));
  renderPanel();
  expect(await screen.findByText("Still running: mark it once it has finished.")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Worked" })).toBeDisabled();

  fetchMock.mockReset();
  fetchMock
    .mockResolvedValueOnce(respond(200, outcome({ branchPoint: { id: "00000002-0000-4000-8000-000000000002", line: "fork" } })))
    .mockResolvedValueOnce(respond(422, { error: { code: "validation_failed", message: "over: not alternatives" } }));
  document.body.innerHTML = "";
  renderPanel();
  await userEvent.click(await screen.findByRole("button", { name: "Preferred" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("over: not alternatives");
});

test("shows its line's place at branching points and its session's mark", async () => {
  fetchMock.mockResolvedValue(
    respond(
      200,
      outcome({
        sessionMark: {
          sessionId: "SESS-4",
          verdict: "failed",
          note: "",
          markedBy: "bo",
          via: "cli",
          createdAt: "2026-01-01T00:00:00Z",
          updatedAt: "2026-01-01T00:00:00Z",
        },
        effective: { verdict: "failed", source: "session" },
        preferences: [
          {
            branchPointId: "00000003-0000-4000-8000-000000000003",
            preferredExecutionId: "00000004-0000-4000-8000-000000000004",
            state: "not_chosen",
            note: "",
            markedBy: null,
            via: "web",
            updatedAt: "2026-01-01T00:00:00Z",
          },
        ],
        signals: [{ id: "session_archived", label: "Session archived", verdict: null }],
      }),
    ),
  );
  renderPanel();
  expect(await screen.findByText(/Counts as didn't work: its session SESS-4 was marked so/)).toBeInTheDocument();
  expect(screen.getByText(/Its session/)).toHaveTextContent("Its session SESS-4 was marked didn't work by bo with the CLI");
  expect(screen.getByText(/Not chosen at the branching point/)).toHaveTextContent("Not chosen at the branching point #00000003 (chosen: #00000004)");
  expect(screen.getByText("Signals: Session archived")).toBeInTheDocument();
});

test("turns live when the status stream says the run ended: no reload", async () => {
  fetchMock.mockResolvedValueOnce(respond(200, outcome({ markable: false }))).mockResolvedValue(respond(200, outcome()));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const running = makeExecution({ id: ID, status: "running" });
  client.setQueryData(queryKeys.executions.detail(ID), running);
  renderPanel(client);
  expect(await screen.findByText(/Still running/)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Worked" })).toBeDisabled();
  // What the status stream does when the runner records the end of the run.
  act(() => applyExecutionUpdate(client, { ...running, status: "completed" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Worked" })).toBeEnabled());
  expect(screen.queryByText(/Still running/)).not.toBeInTheDocument();
});
