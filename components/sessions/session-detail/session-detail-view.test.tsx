import { AGENT_LIST } from "@/test/support/agent-fixtures";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SessionDetailView } from "@/components/sessions/session-detail/session-detail-view";
import type { SessionConsulters } from "@/lib/mcp/schema";
import type { SessionConversation, SessionDetail } from "@/lib/sessions/schema";
import { makeExecution } from "@/test/support/execution-fixtures";

// The session page: its whole conversation (each turn's prompt, answer, tools
// and outcome), its latest turn, and the expiry risk shown before a Continue
// or Fork can be sent.

const DAY = 24 * 3600_000;
const old = new Date(Date.now() - 40 * DAY).toISOString();

const head = makeExecution({
  id: "11111111-2222-4333-8444-555555555555",
  prompt: "first turn",
  sessionId: "sid-1",
  managedSessionId: "SESS-1",
  runnerId: "r1",
  usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: null, cacheCreationTokens: null, costUsd: 0.01, durationMs: 100, numTurns: 1 },
  createdAt: old,
  startedAt: old,
  finishedAt: old,
});

function session(overrides: Partial<SessionDetail> = {}): SessionDetail {
  return {
    id: "SESS-1",
    number: 1,
    agent: "claude",
    agentSessionId: "sid-1",
    issueId: "ISSUE-1",
    issue: { id: "ISSUE-1", title: "Login", status: "open" },
    title: "Auth approach",
    description: "Based on [[SPEC-1]].",
    archived: false,
    parentSessionId: null,
    forkedFromExecutionId: null,
    createdAt: old,
    updatedAt: old,
    lastActivityAt: old,
    latestStatus: "completed",
    totals: { executionCount: 1, inputTokens: 10, outputTokens: 5, costUsd: 0.01, resumedTurns: 0, cacheReadTokens: 0, savedInputTokens: 0 },
    expiry: { retentionDays: 30, expiresAt: new Date(Date.parse(old) + 30 * DAY).toISOString(), mayHaveExpired: true },
    runtime: null,
    poisoned: null,
    health: null,
    keepWarm: true,
    warm: null,
    executions: [head],
    headExecutionId: head.id,
    head,
    parentSession: null,
    childSessions: [{ id: "SESS-2", title: "Try OAuth", archived: false, lastActivityAt: old, forkedFromExecutionId: head.id }],
    ...overrides,
  };
}

function respond(body: unknown) {
  return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
}

const NO_TURNS: SessionConversation = { sessionId: "SESS-1", turns: [] };

const NO_READERS: SessionConsulters = { sessionId: "SESS-1", items: [], total: 0 };

function renderWith(detail: SessionDetail, conversation: SessionConversation = NO_TURNS, readers: SessionConsulters = NO_READERS) {
  global.fetch = jest.fn(async (url: string) => {
    if (url === "/api/sessions/SESS-1/conversation") return respond(conversation);
    if (url === "/api/sessions/SESS-1/consulted-by") return respond(readers);
    if (url.startsWith("/api/sessions/")) return respond(detail);
    if (url.startsWith("/api/agents")) return respond(AGENT_LIST);
    if (url.startsWith("/api/references/resolve")) return respond({ items: { "SPEC-1": null } });
    if (url.startsWith("/api/references"))
      return respond({ target: "SESS-1", items: [{ type: "spec", id: "SPEC-3", title: "Auth spec", href: "/specs/SPEC-3", updatedAt: old }] });
    return respond({});
  }) as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionDetailView id="SESS-1" />
    </QueryClientProvider>,
  );
}

test("an expired-looking session says up front that a Continue carries Arbor's transcript, and offers the form at once", async () => {
  renderWith(session());
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  const outlook = screen.getAllByRole("note").find((n) => n.dataset.slot === "resume-outlook")!;
  expect(outlook).toHaveTextContent("This session may have expired");
  expect(outlook).toHaveTextContent("if so, a Continue or Fork starts a fresh session that carries Arbor's transcript of the conversation");
  expect(screen.getByText("May have expired")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Continue Session" })).toBeEnabled();
  expect(screen.getByRole("button", { name: "Fork Session" })).toBeEnabled();
  expect(screen.getByRole("checkbox", { name: /Start a fresh session/ })).not.toBeChecked();

  // Its turns in order with the latest marked, its forks, and what cites it.
  const turns = screen.getByRole("list", { name: "Conversation of SESS-1" });
  expect(turns).toHaveTextContent("#11111111");
  expect(turns).toHaveTextContent("latest");
  expect(screen.getByRole("list", { name: "Forks of SESS-1" })).toHaveTextContent("SESS-2Try OAuth");
  expect(await screen.findByRole("link", { name: "Auth spec" })).toHaveAttribute("href", "/specs/SPEC-3");
});

test("a checked transcript is shown as a fact (replacing the guess), with the poison mark and what resume saved", async () => {
  const checkedAt = new Date(Date.now() - 60_000).toISOString();
  renderWith(
    session({
      health: { state: "missing", checkedAt, bytes: null, modifiedAt: null },
      expiry: { retentionDays: 30, expiresAt: old, mayHaveExpired: false },
      poisoned: { reason: "context_window_exceeded", message: "Prompt is too long", at: checkedAt },
      totals: { executionCount: 3, inputTokens: 10, outputTokens: 5, costUsd: 0.01, resumedTurns: 2, cacheReadTokens: 120_000, savedInputTokens: 45_000 },
      runtime: { path: "/opt/claude/bin/claude.exe", version: "2.1.330" },
    }),
  );
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  expect(screen.getByText("Expired")).toBeInTheDocument();
  expect(screen.queryByText("May have expired")).toBeNull();
  expect(screen.getByText("Gone").closest("[data-slot=session-health]")).toHaveAttribute("data-state", "expired");
  expect(screen.getByText(/resumed turns/).closest("[data-slot=resume-savings]")).toHaveTextContent(
    "2 resumed turns · saved ≈ 45,000 input tokens · 120,000 cache read",
  );
  expect(screen.getByText("/opt/claude/bin/claude.exe")).toBeInTheDocument();
  const poisoned = screen.getAllByRole("note").find((n) => n.dataset.slot === "session-poisoned")!;
  expect(poisoned).toHaveTextContent("Not resumed: its last turn no longer fit the model's context window: Prompt is too long.");
  expect(screen.getByRole("button", { name: "Resume it again" })).toBeInTheDocument();
  const outlook = screen.getAllByRole("note").find((n) => n.dataset.slot === "resume-outlook")!;
  expect(outlook).toHaveTextContent("This session is marked not to be resumed");
});

test("a fresh session offers Continue and Fork from its head at once", async () => {
  renderWith(session({ expiry: { retentionDays: 30, expiresAt: new Date(Date.now() + DAY).toISOString(), mayHaveExpired: false } }));
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  expect(screen.queryByRole("note")).toBeNull();
  expect(screen.getByRole("button", { name: "Continue Session" })).toBeEnabled();
  expect(screen.getByRole("button", { name: "Archive" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Don't resume this session…" })).toBeInTheDocument();
});

test("a person says not to resume the session (marks it poisoned), with a note", async () => {
  const user = userEvent.setup();
  renderWith(session({ expiry: { retentionDays: 30, expiresAt: new Date(Date.now() + DAY).toISOString(), mayHaveExpired: false } }));
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  await user.click(screen.getByRole("button", { name: "Don't resume this session…" }));
  const form = screen.getByRole("form", { name: "Don't resume this session" });
  await user.type(screen.getByLabelText("Why (optional)"), "it keeps looping");
  await user.click(within(form).getByRole("button", { name: "Don't resume it" }));
  const patch = (global.fetch as jest.Mock).mock.calls.find(([, init]) => init?.method === "PATCH");
  expect(patch[0]).toBe("/api/sessions/SESS-1");
  expect(JSON.parse(patch[1].body)).toEqual({ poisoned: true, poisonNote: "it keeps looping" });
});

test("a session kept ready (warm) says so (its process, until when) and a person turns that off", async () => {
  const user = userEvent.setup();
  const until = new Date(Date.now() + 4 * 60_000).toISOString();
  renderWith(session({ warm: { runnerId: "r1", pid: 4242, until } }));
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  expect(screen.getByText("kept ready").closest("[data-slot=warm-badge]")).toBeInTheDocument();
  const fact = screen.getByText("Kept ready", { selector: "span" }).closest("[data-slot=session-warm]")!;
  expect(fact).toHaveAttribute("data-state", "warm");
  expect(fact).toHaveTextContent("the agent is still running on r1 (process 4242), so continuing the latest turn starts at once");
  await user.click(within(fact as HTMLElement).getByRole("button", { name: "Don't keep it ready" }));
  const patch = (global.fetch as jest.Mock).mock.calls.find(([, init]) => init?.method === "PATCH");
  expect(patch[0]).toBe("/api/sessions/SESS-1");
  expect(JSON.parse(patch[1].body)).toEqual({ keepWarm: false });
});

test("with keeping ready (warm sessions) off, the session says so and offers to turn it on", async () => {
  renderWith(session({ keepWarm: false }));
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  expect(screen.queryByText("kept ready")).toBeNull();
  const fact = screen.getByText(/every turn of this session starts the agent afresh/).closest("[data-slot=session-warm]")!;
  expect(fact).toHaveAttribute("data-state", "off");
  expect(within(fact as HTMLElement).getByRole("button", { name: "Keep it ready between turns" })).toBeEnabled();
});

test("the whole conversation: each turn's prompt, the agent's answer, its tools and outcome, linked to the turn", async () => {
  const second = makeExecution({
    id: "22222222-2222-4333-8444-555555555555",
    prompt: "now add the tests",
    managedSessionId: "SESS-1",
    parentExecutionId: head.id,
  });
  const running = makeExecution({
    id: "33333333-2222-4333-8444-555555555555",
    prompt: "and the docs",
    status: "running",
    managedSessionId: "SESS-1",
    parentExecutionId: second.id,
    finishedAt: null,
  });
  const turn = (executionId: string, answer: string | null, over: Partial<SessionConversation["turns"][number]> = {}) => ({
    executionId,
    answer,
    answerIsError: false,
    tools: [],
    files: [],
    fileCount: 0,
    errorCount: 0,
    mark: null,
    ...over,
  });
  renderWith(session({ executions: [head, second, running], headExecutionId: running.id, head: running }), {
    sessionId: "SESS-1",
    turns: [
      turn(head.id, "Use **passkeys**."),
      turn(second.id, "Added 3 tests.", {
        tools: [
          { tool: "Edit", count: 2 },
          { tool: "Bash", count: 1 },
        ],
        fileCount: 2,
        mark: "worked",
      }),
      turn(running.id, null),
    ],
  });
  const turns = await screen.findByRole("list", { name: "Conversation of SESS-1" });
  const [first, next, live] = within(turns).getAllByRole("listitem");
  expect(first).toHaveTextContent("first turn");
  expect(await within(first).findByText("passkeys")).toHaveProperty("tagName", "STRONG");
  expect(within(first).getByRole("link", { name: "Open turn 1, execution #11111111" })).toHaveAttribute("href", `/executions/${head.id}`);
  expect(next).toHaveTextContent("now add the tests");
  expect(next).toHaveTextContent("next turn");
  expect(next).toHaveTextContent("Added 3 tests.");
  expect(next).toHaveTextContent("Used Edit ×2 · Bash · 2 files");
  expect(next).toHaveTextContent("Worked");
  expect(live).toHaveTextContent("The agent is working: watch it live.");
  expect(live).toHaveTextContent("latest");
  expect(screen.getByRole("heading", { name: "Tree" })).toBeInTheDocument();
});

test("Consulted by: the later runs that read the session through Arbor, each linked to the run, its session and its issue", async () => {
  const reader = "99999999-2222-4333-8444-555555555555";
  const own = "88888888-2222-4333-8444-555555555555";
  renderWith(session(), NO_TURNS, {
    sessionId: "SESS-1",
    total: 3,
    items: [
      {
        executionId: reader,
        sessionId: "SESS-7",
        issueId: "ISSUE-4",
        issueTitle: "Logout loses the cart",
        agent: "claude",
        status: "completed",
        reads: 2,
        lastReadAt: old,
      },
      { executionId: own, sessionId: "SESS-1", issueId: "ISSUE-1", issueTitle: "Login", agent: "claude", status: "running", reads: 1, lastReadAt: old },
    ],
  });
  const section = (await screen.findByRole("heading", { name: /Consulted by/ })).closest("section")!;
  const list = await within(section).findByRole("list", { name: "Runs that read SESS-1" });
  expect(within(section).getByRole("heading")).toHaveTextContent("Consulted by3");
  const [first, second] = within(list).getAllByRole("listitem");
  expect(within(first).getByRole("link", { name: "#99999999" })).toHaveAttribute("href", `/executions/${reader}`);
  expect(within(first).getByRole("link", { name: "SESS-7" })).toHaveAttribute("href", "/sessions/SESS-7");
  expect(within(first).getByRole("link", { name: /Logout loses the cart/ })).toHaveAttribute("href", "/issues/ISSUE-4");
  expect(first).toHaveTextContent("read 2 times");
  // A turn of this very session that read it says so rather than linking to the page it is on.
  expect(second).toHaveTextContent("in this session");
  expect(within(second).queryByRole("link", { name: "SESS-1" })).toBeNull();
  expect(second).toHaveTextContent("read once");
  expect(section).toHaveTextContent("and 1 earlier reader not listed");
});

test("Consulted by says plainly when no run has read the session", async () => {
  renderWith(session());
  const section = (await screen.findByRole("heading", { name: /Consulted by/ })).closest("section")!;
  expect(await within(section).findByText(/No run has read SESS-1 through Arbor yet/)).toBeInTheDocument();
});
