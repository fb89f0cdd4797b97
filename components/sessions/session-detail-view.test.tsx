import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { SessionDetailView } from "@/components/sessions/session-detail-view";
import type { ExecutionDto } from "@/lib/execution-types";
import type { SessionDetail } from "@/lib/session-types";

// The session page: its executions, head, and the expiry risk shown before a
// Continue or Fork can be sent.

const DAY = 24 * 3600_000;
const old = new Date(Date.now() - 40 * DAY).toISOString();

const head: ExecutionDto = {
  id: "11111111-2222-4333-8444-555555555555",
  issueId: "ISSUE-1",
  agent: "claude",
  prompt: "first turn",
  cwd: "/w",
  status: "completed",
  sessionId: "sid-1",
  sessionConfirmed: true,
  managedSessionId: "SESS-1",
  expandedReferences: [],
  parentExecutionId: null,
  forkedFromExecutionId: null,
  forkSessionId: null,
  resumeAtMessageId: null,
  restartedFromExecutionId: null,
  forceFresh: false,
  resume: null,
  runtime: null,
  runnerId: "r1",
  error: null,
  usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: null, cacheCreationTokens: null, costUsd: 0.01, durationMs: 100, numTurns: 1 },
  telemetry: { sessionResumed: null, transcriptTokens: null, savedInputTokens: null },
  eventCount: 3,
  waitingForExecutionId: null,
  createdAt: old,
  startedAt: old,
  finishedAt: old,
} as ExecutionDto;

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

function renderWith(detail: SessionDetail) {
  global.fetch = jest.fn(async (url: string) => {
    if (url.startsWith("/api/sessions/")) return respond(detail);
    if (url.startsWith("/api/references/resolve")) return respond({ items: { "SPEC-1": null } });
    if (url.startsWith("/api/references")) return respond({ target: "SESS-1", items: [{ type: "spec", id: "SPEC-3", title: "Auth spec", href: "/specs/SPEC-3", updatedAt: old }] });
    return respond({});
  }) as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionDetailView id="SESS-1" />
    </QueryClientProvider>,
  );
}

test("an expired-looking session shows the risk, and the Continue/Fork form only after it is acknowledged", async () => {
  renderWith(session());
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  expect(screen.getByRole("note")).toHaveTextContent("This session may have expired");
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent("Continuing may fail: this session may have expired.");
  expect(alert).toHaveTextContent("keeps transcripts for 30 days");
  expect(screen.queryByRole("button", { name: "Continue Session" })).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: "Continue or fork anyway…" }));
  expect(screen.getByRole("button", { name: "Continue Session" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Fork Session" })).toBeInTheDocument();
  expect(screen.getByText("(may have expired)")).toBeInTheDocument();

  // Its executions in order with the head marked, its forks, and what cites it.
  const executions = screen.getByRole("list", { name: "Executions of SESS-1" });
  expect(executions).toHaveTextContent("#11111111");
  expect(executions).toHaveTextContent("head");
  expect(screen.getByRole("list", { name: "Forks of SESS-1" })).toHaveTextContent("SESS-2Try OAuth");
  expect(await screen.findByRole("link", { name: "Auth spec" })).toHaveAttribute("href", "/specs/SPEC-3");
});

test("a fresh session offers Continue and Fork from its head at once", async () => {
  renderWith(session({ expiry: { retentionDays: 30, expiresAt: new Date(Date.now() + DAY).toISOString(), mayHaveExpired: false } }));
  await screen.findByRole("heading", { level: 1, name: "Auth approach" });
  expect(screen.queryByRole("note")).toBeNull();
  expect(screen.getByRole("button", { name: "Continue Session" })).toBeEnabled();
  expect(screen.getByRole("button", { name: "Archive" })).toBeInTheDocument();
});
