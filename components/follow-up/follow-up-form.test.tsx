import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { FollowUpForm } from "@/components/follow-up/follow-up-form";
import { followUpBlocker } from "@/lib/executions/follow-up-rules";
import { makeExecution } from "@/test/support/execution-fixtures";
import { agentStatus, AGENT_LIST, seedAgents } from "@/test/support/agent-fixtures";
import { makeProject, seedProjects } from "@/test/support/project-fixtures";

function respond(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => JSON.stringify(body) };
}

let fetchMock: jest.Mock;
let queryClient: QueryClient;

function renderForm(ui: ReactNode) {
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  seedAgents(queryClient);
  seedProjects(queryClient);
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => queryClient.clear());

describe("FollowUpForm", () => {
  it("offers nothing for an agent without sessions, and says a fork of an agent without one carries the transcript", () => {
    renderForm(<FollowUpForm execution={makeExecution({ agent: "command", status: "completed" })} />);
    expect(screen.getByRole("textbox")).toBeDisabled();
    expect(screen.getByText(/^Command has no sessions: its runs cannot be continued or forked/)).toBeInTheDocument();
    queryClient.clear();
    seedAgents(queryClient);
    seedProjects(queryClient);
    renderForm(<FollowUpForm execution={makeExecution({ agent: "copilot", status: "completed" })} />);
    expect(screen.getByText(/Copilot CLI cannot fork a session of its own: the fork carries Arbor's transcript/)).toBeInTheDocument();
  });

  it("is disabled, with the reason, when the execution has no session", () => {
    const execution = makeExecution({ status: "failed", sessionId: null, error: { code: "spawn_failed", message: "no binary" } });
    renderForm(<FollowUpForm execution={execution} />);
    expect(screen.getByLabelText("Next prompt")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue Session" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Fork Session" })).toBeDisabled();
    expect(screen.getByLabelText("Next prompt")).toHaveAccessibleDescription(/no agent session to continue or fork/);
    expect(followUpBlocker({ ...execution, error: { code: "session_not_found", message: "gone" } })).toMatch(/start fresh/);
  });

  it("says up front that a Continue of an execution whose worktree is gone forks from its snapshot", async () => {
    const user = userEvent.setup();
    const worktree = {
      path: "/w",
      branch: "arbor/ISSUE-1/x",
      state: "removed" as const,
      startSha: "a",
      snapshotSha: "b",
      changes: { files: 1, additions: 1, deletions: 0 },
    };
    const execution = makeExecution({ worktree });
    const forked = makeExecution({
      forkedFromExecutionId: execution.id,
      status: "queued",
      resume: {
        decision: "fork",
        reason: "worktree_gone",
        message: "The worktree of this line of work was removed by housekeeping. …",
        transcriptSourceExecutionId: null,
      },
    });
    fetchMock.mockResolvedValue(respond(201, forked));
    renderForm(<FollowUpForm execution={execution} />);
    expect(screen.getByLabelText("Next prompt")).toHaveAccessibleDescription(
      "Its worktree was removed by housekeeping: a Continue forks the conversation and starts from its snapshot in a fresh worktree.",
    );
    await user.type(screen.getByLabelText("Next prompt"), "go on");
    await user.click(screen.getByRole("button", { name: "Continue Session" }));
    expect(await screen.findByRole("status")).toHaveTextContent(/fork .*forked from its snapshot — the worktree of its line of work was gone/);
  });

  it("stays usable while the execution runs, and shows a Continue sent then as queued", async () => {
    const user = userEvent.setup();
    const running = makeExecution({ status: "running", finishedAt: null });
    const queued = makeExecution({ status: "queued", parentExecutionId: running.id, sessionId: null, startedAt: null, finishedAt: null });
    fetchMock.mockResolvedValue(respond(201, queued));
    renderForm(<FollowUpForm execution={running} />);
    const box = screen.getByLabelText("Next prompt");
    expect(box).toBeEnabled();
    expect(box).toHaveAttribute("placeholder", expect.stringMatching(/Queue the next turn/));
    await user.type(box, "then write the docs");
    await user.click(screen.getByRole("button", { name: "Continue Session" }));

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Queued as the next turn:");
    expect(status).toHaveTextContent(`starts when #${running.id.slice(0, 8)} finishes`);
    expect(screen.getByRole("link", { name: `continuation ${queued.id.slice(0, 8)}` })).toHaveAttribute("href", `/executions/${queued.id}`);
    expect(box).toHaveValue("");

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/executions/${running.id}/continue`);
    expect(JSON.parse(init.body)).toEqual({ prompt: "then write the docs" });
    expect(new Headers(init.headers).get("Idempotency-Key")).toBeTruthy();
  });

  it("forks, and says it started", async () => {
    const user = userEvent.setup();
    const done = makeExecution();
    const fork = makeExecution({ status: "queued", forkedFromExecutionId: done.id, forkSessionId: done.sessionId, sessionId: null });
    fetchMock.mockResolvedValue(respond(201, fork));
    renderForm(<FollowUpForm execution={done} />);
    await user.type(screen.getByLabelText("Next prompt"), "try another way");
    await user.click(screen.getByRole("button", { name: "Fork Session" }));
    expect(await screen.findByRole("link", { name: `fork ${fork.id.slice(0, 8)}` })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Started:");
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/executions/${done.id}/fork`);
  });

  it("asks for a prompt, and shows the API's error message", async () => {
    const user = userEvent.setup();
    const done = makeExecution();
    fetchMock.mockResolvedValue(respond(409, { error: { code: "conflict", message: "The session is busy on another runner" } }));
    renderForm(<FollowUpForm execution={done} />);
    await user.click(screen.getByRole("button", { name: "Continue Session" }));
    expect(screen.getByText("Write a prompt to continue the session")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Next prompt"), "go{Control>}{Enter}{/Control}");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The session is busy on another runner"));
  });

  it("offers only one action when limited to it (history rows)", () => {
    renderForm(<FollowUpForm execution={makeExecution()} mode="fork" />);
    expect(screen.getByRole("button", { name: "Fork Session" })).toHaveAttribute("type", "submit");
    expect(screen.queryByRole("button", { name: "Continue Session" })).toBeNull();
  });

  it("asks for a fresh session when ticked, and says the turn carries Arbor's transcript", async () => {
    const user = userEvent.setup();
    const done = makeExecution();
    const fresh = makeExecution({
      status: "queued",
      forkedFromExecutionId: done.id,
      sessionId: null,
      forceFresh: true,
      resume: { decision: "fresh_with_transcript", reason: "force_fresh", message: "A fresh session was asked for.", transcriptSourceExecutionId: done.id },
    });
    fetchMock.mockResolvedValue(respond(201, fresh));
    renderForm(<FollowUpForm execution={done} />);
    await user.type(screen.getByLabelText("Next prompt"), "start over, keep the context");
    await user.click(screen.getByRole("checkbox", { name: /Start a fresh session/ }));
    await user.click(screen.getByRole("button", { name: "Continue Session" }));
    expect(await screen.findByText("continued from Arbor's transcript — a fresh session was asked for")).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ prompt: "start over, keep the context", freshSession: true });
  });

  it("says up front when Arbor already knows the session is gone", async () => {
    const done = makeExecution({ managedSessionId: "SESS-7" });
    fetchMock.mockImplementation(async (url: string) =>
      url === "/api/sessions/SESS-7"
        ? respond(200, { id: "SESS-7", health: { state: "missing", checkedAt: done.createdAt, bytes: null, modifiedAt: null }, poisoned: null })
        : respond(404, {}),
    );
    renderForm(<FollowUpForm execution={done} />);
    expect(await screen.findByRole("note")).toHaveTextContent(
      "The agent's session is gone (its transcript was deleted or expired): this turn will start a fresh session carrying Arbor's transcript of the conversation.",
    );
  });

  it("says before sending that a Continue of a turn that already has a next turn is recorded as a fork", async () => {
    const user = userEvent.setup();
    const earlier = makeExecution({ managedSessionId: "SESS-3" });
    const later = makeExecution({ managedSessionId: "SESS-3", parentExecutionId: earlier.id, sessionId: earlier.sessionId });
    const session = (head: string) => ({ id: "SESS-3", health: null, poisoned: null, headExecutionId: head });
    queryClient.setQueryData(["sessions", "detail", "SESS-3"], session(later.id));
    const { unmount } = renderForm(<FollowUpForm execution={earlier} />);
    const warning = screen.getByRole("note");
    expect(warning).toHaveTextContent(
      `This turn already has a next turn (the session's latest is #${later.id.slice(0, 8)}): Continue will be recorded as a fork, a new session that branches from here.`,
    );
    expect(screen.getByLabelText("Next prompt")).toHaveAccessibleDescription(expect.stringContaining("Continue will be recorded as a fork"));
    // Asking for a fresh session makes it a fork anyway, for another reason said beside the box: no fork warning then.
    await user.click(screen.getByRole("checkbox", { name: /Start a fresh session/ }));
    expect(screen.queryByText(/Continue will be recorded as a fork/)).toBeNull();
    unmount();

    // On the session's head, a Continue is a continue: nothing to warn about.
    queryClient.setQueryData(["sessions", "detail", "SESS-3"], session(earlier.id));
    renderForm(<FollowUpForm execution={earlier} />);
    expect(screen.queryByText(/Continue will be recorded as a fork/)).toBeNull();
  });

  it("hands the new turn to onCreated once the server has recorded it (the execution page opens it)", async () => {
    const user = userEvent.setup();
    const done = makeExecution();
    const next = makeExecution({ status: "queued", parentExecutionId: done.id });
    fetchMock.mockResolvedValue(respond(201, next));
    const onCreated = jest.fn();
    renderForm(<FollowUpForm execution={done} onCreated={onCreated} />);
    await user.type(screen.getByLabelText("Next prompt"), "keep going");
    await user.click(screen.getByRole("button", { name: "Continue Session" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(next));
  });

  describe("What the agent may do", () => {
    const claude = agentStatus("claude", ["resume-by-id", "fork"], {
      permissions: { modes: ["ask", "edits", "plan", "trusted"], defaultMode: "ask", rules: "native", asks: true, note: "" },
    });
    const codex = agentStatus("codex", ["resume-by-id", "fork"], {
      permissions: { modes: ["edits", "trusted"], defaultMode: "edits", rules: "mapped", asks: false, note: "" },
    });
    const withAgents = () => {
      queryClient.clear();
      seedAgents(queryClient, { ...AGENT_LIST, agents: [claude, codex] });
      seedProjects(queryClient, [makeProject({ permissions: { mode: "plan", allow: [], deny: [] } })]);
    };

    it("starts at the turn's project's mode, lists only what its agent can honour, and sends a mode only when changed", async () => {
      const user = userEvent.setup();
      withAgents();
      const done = makeExecution({ projectId: "PROJ-1" });
      fetchMock.mockResolvedValue(respond(201, makeExecution({ parentExecutionId: done.id })));
      renderForm(<FollowUpForm execution={done} />);
      const select = screen.getByLabelText("What the agent may do");
      expect(select).toHaveValue("plan");
      expect(select).toHaveAccessibleDescription(/^Proposes a plan first; .*\(this project's setting\)$/);
      expect(Array.from(select.querySelectorAll("option")).map((o) => o.textContent)).toEqual([
        "Ask me",
        "Edit files only",
        "Plan first (project's)",
        "Trusted (everything allowed)",
      ]);
      await user.type(screen.getByLabelText("Next prompt"), "go on");
      await user.click(screen.getByRole("button", { name: "Continue Session" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ prompt: "go on" });

      await user.selectOptions(select, "trusted");
      expect(select).toHaveAccessibleDescription(/^Everything is allowed, commands included\. Claude Code refuses this .*IS_SANDBOX=1.*\(this turn only\)$/);
      await user.type(screen.getByLabelText("Next prompt"), "now run it");
      await user.click(screen.getByRole("button", { name: "Fork Session" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(fetchMock.mock.calls[1][0]).toBe(`/api/executions/${done.id}/fork`);
      expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ prompt: "now run it", permissions: { mode: "trusted" } });
    });

    it("an agent that cannot ask: a project that asks to be asked runs it under edits, said so; the default workspace uses the agent's default", () => {
      withAgents();
      seedProjects(queryClient, [makeProject({ permissions: { mode: "ask", allow: [], deny: [] } })]);
      const { unmount } = renderForm(<FollowUpForm execution={makeExecution({ agent: "codex", projectId: "PROJ-1" })} />);
      const select = screen.getByLabelText("What the agent may do");
      expect(select).toHaveValue("edits");
      expect(Array.from(select.querySelectorAll("option")).map((o) => o.value)).toEqual(["edits", "trusted"]);
      expect(select).toHaveAccessibleDescription("This project asks to be asked, but Codex cannot ask you: it edits files only, the rest is refused.");
      unmount();
      renderForm(<FollowUpForm execution={makeExecution({ agent: "claude", projectId: null })} />);
      expect(screen.getByLabelText("What the agent may do")).toHaveValue("ask");
      expect(screen.getByLabelText("What the agent may do")).toHaveAccessibleDescription(/\(Claude Code's default\)$/);
    });
  });
});
