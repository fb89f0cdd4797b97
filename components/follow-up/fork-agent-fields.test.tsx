import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { makeExecution } from "@/test/support/execution-fixtures";
import { seedAgents } from "@/test/support/agent-fixtures";
import { seedProjects } from "@/test/support/project-fixtures";

// Fork with another agent (issue 26): the follow-up form's Fork may name an
// agent (default: the session's own) and a model, says that another agent
// carries Arbor's transcript, and may fork to several agents at once (a
// group). Continue keeps its session's agent: no picker.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { FollowUpForm } = require("./follow-up-form") as typeof import("./follow-up-form");

let posted: { url: string; body: Record<string, unknown> }[] = [];
let queryClient: QueryClient;

function renderForm(ui: ReactNode, reply: (url: string) => unknown) {
  posted = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "POST") posted.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const body = init?.method === "POST" ? reply(url) : { error: { code: "not_found", message: "no" } };
    const status = init?.method === "POST" ? 201 : 404;
    return { ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  mockPush.mockReset();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  seedAgents(queryClient);
  seedProjects(queryClient);
});

it("forks with another agent and model, saying the new session carries Arbor's transcript; Continue stays with its agent", async () => {
  const user = userEvent.setup();
  const source = makeExecution({ agent: "claude" });
  const fork = makeExecution({ agent: "codex", model: "gpt-5.5", forkedFromExecutionId: source.id, status: "queued" });
  renderForm(<FollowUpForm execution={source} />, () => fork);
  await user.click(screen.getByText("Fork with another agent or model, or several at once"));
  const agent = screen.getByLabelText("Agent") as HTMLSelectElement;
  expect(agent.value).toBe("claude");
  expect(screen.queryByText(/^Claude Code → /)).toBeNull();
  await user.selectOptions(agent, "codex");
  expect(screen.getByText(/^Claude Code → Codex: the fork is a new Codex session carrying Arbor's transcript of the conversation/)).toBeInTheDocument();
  await user.type(screen.getByLabelText(/^Model/), "gpt-5.5");
  // Continue cannot take another agent: it is off while one is chosen.
  expect(screen.getByRole("button", { name: "Continue Session" })).toBeDisabled();
  expect(screen.getByText(/Continue keeps Claude Code and its model/)).toBeInTheDocument();
  await user.type(screen.getByLabelText("Next prompt"), "try it in codex");
  await user.click(screen.getByRole("button", { name: "Fork Session" }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({ url: `/api/executions/${source.id}/fork`, body: { prompt: "try it in codex", agent: "codex", model: "gpt-5.5" } });
  expect(await screen.findByRole("list", { name: "Follow-ups" })).toHaveTextContent(`fork ${fork.id.slice(0, 8)}`);
});

it("a plain Fork (its own agent, no model) is sent as before", async () => {
  const user = userEvent.setup();
  const source = makeExecution({ agent: "claude" });
  renderForm(<FollowUpForm execution={source} mode="fork" />, () => makeExecution({ forkedFromExecutionId: source.id }));
  expect(screen.getByLabelText("Agent")).toHaveValue("claude");
  await user.type(screen.getByLabelText("Next prompt"), "again");
  await user.click(screen.getByRole("button", { name: "Fork Session" }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({ url: `/api/executions/${source.id}/fork`, body: { prompt: "again" } });
});

it("Continue has no agent picker", () => {
  renderForm(<FollowUpForm execution={makeExecution()} mode="continue" />, () => ({}));
  expect(screen.queryByLabelText("Agent")).toBeNull();
  expect(screen.queryByText(/Several agents/)).toBeNull();
});

it("forks to several agents at once and opens the group", async () => {
  const user = userEvent.setup();
  const source = makeExecution({ agent: "claude" });
  renderForm(<FollowUpForm execution={source} mode="fork" />, () => ({ group: { id: "GRP-4", issueId: "ISSUE-1", members: [] }, executions: [] }));
  await user.click(screen.getByLabelText(/^Several agents/));
  const rows = screen.getByRole("group", { name: "Agents to compare" });
  await user.selectOptions(within(rows).getByLabelText("Agent of run 2"), "codex");
  await user.click(screen.getByRole("button", { name: "Fork to 2 agents" }));
  expect(screen.getByText("Write a prompt to fork the session")).toBeInTheDocument();
  await user.type(screen.getByLabelText("Next prompt"), "both ways");
  await user.click(screen.getByRole("button", { name: "Fork to 2 agents" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/groups/GRP-4"));
  expect(posted[0]).toEqual({
    url: "/api/executions/fan-out",
    body: { fromExecutionId: source.id, prompt: "both ways", runs: [{ agent: "claude" }, { agent: "codex" }] },
  });
});
