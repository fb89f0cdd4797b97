import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";
import { makeExecution } from "@/test/support/execution-fixtures";
import { AGENT_LIST, agentStatus } from "@/test/support/agent-fixtures";
import type { AgentList } from "@/lib/agents/schema";
import type { Project } from "@/lib/projects/schema";

// The run form says where the run will work: the issue's project (a git
// repository: a worktree of its own from a ref, or the shared-directory
// opt-out), another project, or the default workspace; a directory that is
// not git says forks there share files. Errors about a field show beside it.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { RunAgentForm } = require("./run-agent-form") as typeof import("./run-agent-form");

const base = makeProject();
const notes = makeProject({ id: "PROJ-2", number: 2, name: "Notes", path: "/code/notes", isGitRepo: false, baseBranch: null });
const defaultWorkspace = defaultWorkspaceProject();

type Reply = { status: number; body: unknown };
const created = makeExecution({ id: "e1", issueId: "ISSUE-1" });
let posted: unknown[] = [];

function renderForm(
  issueProjectId: string | null,
  onPost: (body: Record<string, unknown>) => Reply = () => ({ status: 201, body: created }),
  options: { agents?: AgentList; projects?: Project[] } = {},
) {
  posted = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: Reply = { status: 404, body: { error: { code: "not_found", message: "no" } } };
    if (url.endsWith("/api/projects")) reply = { status: 200, body: { items: options.projects ?? [base, notes], defaultWorkspace } };
    else if (url.endsWith("/api/agents") && options.agents) reply = { status: 200, body: options.agents };
    else if (url.includes("/api/issues/ISSUE-1")) reply = { status: 200, body: { id: "ISSUE-1", title: "Plan", projectId: issueProjectId } };
    else if (url.endsWith("/api/executions") && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      reply = onPost(body);
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

const typePrompt = (text: string) => fireEvent.change(screen.getByLabelText("Prompt"), { target: { value: text } });

beforeEach(() => {
  mockPush.mockReset();
  window.localStorage.clear();
});

it("runs in the issue's git project, in a worktree of its own from the ref asked for; a bad ref is named beside the field", async () => {
  renderForm("PROJ-1", (body) =>
    body.startRef === "nope"
      ? {
          status: 422,
          body: {
            error: {
              code: "validation_failed",
              message: "startRef: no such ref",
              details: { fieldErrors: { startRef: ["there is no branch, tag or commit named nope in /code/shop"] } },
            },
          },
        }
      : { status: 201, body: created },
  );
  const select = (await screen.findByLabelText("Project")) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe("PROJ-1"));
  expect(screen.getByText(/Runs in its own worktree and branch/)).toBeInTheDocument();
  expect(screen.getByLabelText("Start from")).toHaveAttribute("placeholder", "main");
  typePrompt("write the plan");
  fireEvent.change(screen.getByLabelText("Start from"), { target: { value: "nope" } });
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  expect(await screen.findByText("there is no branch, tag or commit named nope in /code/shop")).toBeInTheDocument();
  expect(screen.getByLabelText("Start from")).toHaveAttribute("aria-invalid", "true");
  expect(posted[0]).toEqual({ issueId: "ISSUE-1", prompt: "write the plan", agent: "claude", startRef: "nope" });

  fireEvent.click(screen.getByLabelText(/Shared directory: run in \/code\/shop itself/));
  expect(screen.getByLabelText("Start from")).toBeDisabled();
  expect(screen.getByText(/Its changes land in the project's main checkout/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/executions/e1"));
  expect(posted[1]).toEqual({ issueId: "ISSUE-1", prompt: "write the plan", agent: "claude", sharedDirectory: true });
});

it("another project that is not git says forks there share files; the default workspace takes a directory", async () => {
  renderForm("PROJ-1");
  const select = (await screen.findByLabelText("Project")) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe("PROJ-1"));
  fireEvent.change(select, { target: { value: "PROJ-2" } });
  expect(screen.getByRole("note")).toHaveTextContent(
    "PROJ-2 (/code/notes) is not a git repository: runs there share its files, and a fork sees and changes the original's files.",
  );
  expect(screen.queryByLabelText("Start from")).toBeNull();
  typePrompt("take notes");
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({ issueId: "ISSUE-1", prompt: "take notes", agent: "claude", projectId: "PROJ-2" });

  fireEvent.change(select, { target: { value: "default" } });
  expect(screen.getByRole("note")).toHaveTextContent(/Runs in the default workspace share its directory/);
  fireEvent.change(screen.getByLabelText("Working directory"), { target: { value: "/data/workspace/x" } });
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(2));
  expect(posted[1]).toEqual({ issueId: "ISSUE-1", prompt: "take notes", agent: "claude", cwd: "/data/workspace/x" });
});

it("an issue without a project runs in the default workspace", async () => {
  renderForm(null);
  const select = (await screen.findByLabelText("Project")) as HTMLSelectElement;
  await screen.findByLabelText("Working directory");
  expect(select.value).toBe("default");
  typePrompt("hi");
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({ issueId: "ISSUE-1", prompt: "hi", agent: "claude" });
});

it("remembers the project picked for this issue in this browser and starts there next time; picking the issue's own forgets it", async () => {
  const first = renderForm("PROJ-1");
  const select = (await screen.findByLabelText("Project")) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe("PROJ-1"));
  fireEvent.change(select, { target: { value: "PROJ-2" } });
  expect(window.localStorage.getItem("arbor.run-project.ISSUE-1")).toBe("PROJ-2");
  first.unmount();

  const second = renderForm("PROJ-1");
  const again = (await screen.findByLabelText("Project")) as HTMLSelectElement;
  await waitFor(() => expect(again.value).toBe("PROJ-2"));
  typePrompt("same place as last time");
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({ projectId: "PROJ-2" });
  fireEvent.change(again, { target: { value: "PROJ-1" } });
  expect(window.localStorage.getItem("arbor.run-project.ISSUE-1")).toBeNull();
  second.unmount();

  // A remembered project that is gone (removed, archived) is forgotten.
  window.localStorage.setItem("arbor.run-project.ISSUE-1", "PROJ-9");
  renderForm("PROJ-1");
  const third = (await screen.findByLabelText("Project")) as HTMLSelectElement;
  await waitFor(() => expect(window.localStorage.getItem("arbor.run-project.ISSUE-1")).toBeNull());
  expect(third.value).toBe("PROJ-1");
});

it("What the agent may do: the project's mode preselected, only the agent's modes, sent as permissions only when changed", async () => {
  const agents: AgentList = {
    ...AGENT_LIST,
    agents: [
      agentStatus("claude", ["resume-by-id", "fork"], {
        permissions: { modes: ["ask", "edits", "plan", "trusted"], defaultMode: "ask", rules: "native", asks: true, note: "" },
      }),
      agentStatus("codex", ["resume-by-id", "fork"], {
        permissions: { modes: ["edits", "trusted"], defaultMode: "edits", rules: "mapped", asks: false, note: "" },
      }),
    ],
  };
  renderForm("PROJ-1", undefined, { agents, projects: [makeProject({ permissions: { mode: "edits", allow: ["Bash(npm test:*)"], deny: [] } }), notes] });
  const mode = (await screen.findByLabelText("What the agent may do")) as HTMLSelectElement;
  await waitFor(() => expect(mode.value).toBe("edits"));
  expect(mode).toHaveAccessibleDescription(/^Edits files in its own worktree only; .*\(this project's setting\)$/);
  typePrompt("as the project says");
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).not.toHaveProperty("permissions");

  fireEvent.change(mode, { target: { value: "ask" } });
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(2));
  expect(posted[1]).toMatchObject({ permissions: { mode: "ask" } });

  // Another agent: only its modes; a choice it cannot honour is not sent.
  fireEvent.change(screen.getByLabelText("Agent"), { target: { value: "codex" } });
  expect(Array.from(mode.querySelectorAll("option")).map((o) => o.value)).toEqual(["edits", "trusted"]);
  expect(mode.value).toBe("edits");
  fireEvent.click(screen.getByRole("button", { name: "Run agent" }));
  await waitFor(() => expect(posted).toHaveLength(3));
  expect(posted[2]).toMatchObject({ agent: "codex" });
  expect(posted[2]).not.toHaveProperty("permissions");
});
