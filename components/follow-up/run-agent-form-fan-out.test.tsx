import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeExecution } from "@/test/support/execution-fixtures";
import { AGENT_LIST } from "@/test/support/agent-fixtures";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";

// The run form's fan-out (issue 26): "Several agents" sends one prompt to
// 2–8 rows of agent + model and opens the group's page; a single run may name
// a model. The API's message (naming the member it refused) is shown.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { RunAgentForm } = require("./run-agent-form") as typeof import("./run-agent-form");

type Reply = { status: number; body: unknown };
let posted: { url: string; body: Record<string, unknown> }[] = [];

function renderForm(onPost: (url: string, body: Record<string, unknown>) => Reply) {
  posted = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: Reply = { status: 404, body: { error: { code: "not_found", message: "no" } } };
    if (url.endsWith("/api/projects")) reply = { status: 200, body: { items: [makeProject()], defaultWorkspace: defaultWorkspaceProject() } };
    else if (url.endsWith("/api/agents")) reply = { status: 200, body: AGENT_LIST };
    else if (url.includes("/api/issues/ISSUE-1")) reply = { status: 200, body: { id: "ISSUE-1", title: "Plan", projectId: "PROJ-1" } };
    else if (init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ url, body });
      reply = onPost(url, body);
    }
    return { ok: reply.status < 400, status: reply.status, statusText: "", text: async () => JSON.stringify(reply.body) };
  }) as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RunAgentForm issueId="ISSUE-1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockPush.mockReset();
  window.localStorage.clear();
});

it("a single run may name a model", async () => {
  const user = userEvent.setup();
  renderForm(() => ({ status: 201, body: makeExecution({ id: "e1" }) }));
  await screen.findByLabelText("Project");
  await user.type(screen.getByLabelText("Prompt"), "plan it");
  await user.type(screen.getByLabelText(/^Model/), " opus ");
  await user.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/executions/e1"));
  expect(posted[0]).toEqual({ url: "/api/executions", body: { issueId: "ISSUE-1", prompt: "plan it", agent: "claude", model: "opus" } });
});

it("sends the prompt to several agents and models at once, 2 to 8 rows, and opens the group", async () => {
  const user = userEvent.setup();
  renderForm((_url, body) =>
    (body.runs as unknown[]).length === 3
      ? { status: 422, body: { error: { code: "validation_failed", message: "runs[2]: Aider is not installed here" } } }
      : { status: 201, body: { group: { id: "GRP-3", issueId: "ISSUE-1", members: [] }, executions: [] } },
  );
  await screen.findByLabelText("Project");
  await user.type(screen.getByLabelText("Prompt"), "add a login page");
  await user.click(screen.getByLabelText(/^Several agents/));
  const rows = screen.getByRole("group", { name: "Agents to compare" });
  expect(within(rows).getAllByRole("listitem")).toHaveLength(2);
  // At least two: neither can be removed yet.
  expect(within(rows).getByRole("button", { name: "Remove run 1" })).toBeDisabled();
  // Agents that cannot run here are listed but not offered.
  expect(within(within(rows).getByLabelText("Agent of run 1")).getByRole("option", { name: /aider/ })).toBeDisabled();
  await user.selectOptions(within(rows).getByLabelText("Agent of run 2"), "codex");
  await user.type(within(rows).getByLabelText("Model of run 1"), "sonnet");
  await user.click(within(rows).getByRole("button", { name: "Add a run" }));
  expect(within(rows).getAllByRole("listitem")).toHaveLength(3);
  // No single-run agent or model while several go.
  expect(screen.queryByLabelText("Agent")).toBeNull();

  await user.click(screen.getByRole("button", { name: "Run 3 agents" }));
  expect(await screen.findByText("runs[2]: Aider is not installed here")).toBeInTheDocument();
  expect(posted[0].url).toBe("/api/executions/fan-out");

  await user.click(within(rows).getByRole("button", { name: "Remove run 3" }));
  await user.click(screen.getByRole("button", { name: "Run 2 agents" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/groups/GRP-3"));
  expect(posted[1].body).toEqual({
    issueId: "ISSUE-1",
    prompt: "add a login page",
    runs: [{ agent: "claude", model: "sonnet" }, { agent: "codex" }],
  });
});

it("offers eight rows at most", async () => {
  const user = userEvent.setup();
  renderForm(() => ({ status: 201, body: {} }));
  await screen.findByLabelText("Project");
  await user.click(screen.getByLabelText(/^Several agents/));
  const add = screen.getByRole("button", { name: "Add a run" });
  for (let i = 0; i < 6; i++) await user.click(add);
  expect(screen.getAllByRole("listitem")).toHaveLength(8);
  expect(add).toBeDisabled();
});
