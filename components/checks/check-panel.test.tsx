import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CheckResult, ExecutionDto } from "@/lib/executions/schema";
import { makeExecution } from "@/test/support/execution-fixtures";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { CheckPanel } = require("./check-panel") as typeof import("./check-panel");

// The check on a turn as the execution page shows it: the verdict, the output
// folded, and Continue with the failure opening the new turn.

const respond = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });

const check = (over: Partial<CheckResult> = {}): CheckResult => ({
  status: "failed",
  exitCode: 1,
  durationMs: 3000,
  summary: "failed (exit 1) in 3.0 s: 2 failing",
  command: "npm test",
  snapshotSha: "b".repeat(40),
  reusedFromExecutionId: null,
  startedAt: "2026-01-01T12:00:00.000Z",
  ...over,
});

let fetchMock: jest.Mock;
function renderPanel(execution: ExecutionDto, created?: ExecutionDto, continueReply?: { status: number; body: unknown }) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "POST") return continueReply ? respond(continueReply.status, continueReply.body) : respond(201, created);
    if (url === `/api/executions/${execution.id}/check`)
      return respond(200, {
        check: execution.check,
        output: [
          { stream: "stdout", text: "ok 1 adds" },
          { stream: "stderr", text: "not ok 2 subtracts" },
        ],
        omittedLines: 40,
        droppedBytes: 1234,
      });
    return respond(404, { error: { code: "not_found", message: url } });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CheckPanel execution={execution} />
    </QueryClientProvider>,
  );
}

beforeEach(() => mockPush.mockReset());

test("a failed check: the verdict, the command, the output folded with what was left out", async () => {
  renderPanel(makeExecution({ check: check() }));
  const panel = screen.getByTestId("check-panel");
  expect(within(panel).getByText("check failed")).toBeInTheDocument();
  expect(within(panel).getByText("failed (exit 1) in 3.0 s: 2 failing")).toBeInTheDocument();
  expect(within(panel).getByText("npm test")).toBeInTheDocument();
  expect(within(panel).getByText("3.0 s")).toBeInTheDocument();
  const output = (await within(panel).findByText(/last 2 lines/)).closest("details")!;
  expect(output).not.toHaveAttribute("open");
  expect(within(output).getByText("not ok 2 subtracts")).not.toBeVisible();
  await userEvent.click(within(output).getByText("Output"));
  expect(within(output).getByText("not ok 2 subtracts")).toBeVisible();
  expect(within(output).getByText("40 earlier lines not shown")).toBeVisible();
  expect(within(output).getByText("output cut: 1,234 bytes dropped")).toBeVisible();
});

test("Continue with the failure sends withCheck and the note, then opens the new turn", async () => {
  const user = userEvent.setup();
  const execution = makeExecution({ check: check({ status: "timed_out", exitCode: null, summary: "timed out after 600 s" }) });
  const next = makeExecution({ status: "queued", parentExecutionId: execution.id });
  renderPanel(execution, next);
  expect(screen.getByText("check timed out")).toBeInTheDocument();
  await user.type(screen.getByLabelText(/note to add after the failure/), "keep the API");
  await user.click(screen.getByRole("button", { name: "Continue with the failure" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/executions/${next.id}`));
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
  expect(post[0]).toBe(`/api/executions/${execution.id}/continue`);
  expect(JSON.parse(post[1].body)).toEqual({ withCheck: true, prompt: "keep the API" });
});

test("the server's refusal (a 409) is shown, nothing opened", async () => {
  const user = userEvent.setup();
  renderPanel(makeExecution({ check: check({ status: "error", exitCode: null, summary: "could not start: sh missing" }) }), undefined, {
    status: 409,
    body: { error: { code: "conflict", message: "The check of this turn passed: nothing to continue with" } },
  });
  await user.click(screen.getByRole("button", { name: "Continue with the failure" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("nothing to continue with");
  expect(mockPush).not.toHaveBeenCalled();
});

test("a passed check reused from an earlier turn offers no Continue; a running one reads no output yet; none shows nothing", async () => {
  const earlier = makeExecution();
  const view = renderPanel(makeExecution({ check: check({ status: "passed", exitCode: 0, summary: "passed in 1.0 s", reusedFromExecutionId: earlier.id }) }));
  expect(screen.getByText(`check passed, reused from #${earlier.id.slice(0, 8)}`)).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Continue with the failure" })).not.toBeInTheDocument();
  view.unmount();
  const running = renderPanel(makeExecution({ check: check({ status: "running", exitCode: null, durationMs: null }) }));
  expect(screen.getByText("check running")).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
  running.unmount();
  const none = renderPanel(makeExecution({ check: null }));
  expect(none.container).toBeEmptyDOMElement();
});
