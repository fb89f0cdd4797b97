import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { SessionDetailView } from "@/components/sessions/session-detail/session-detail-view";
import type { SessionDetail } from "@/lib/sessions/schema";
import { makeExecution } from "@/test/support/execution-fixtures";

// The session page: its executions, head, and the expiry risk shown before a
// Continue or Fork can be sent.

const DAY = 24 * 3600_000;
const old = new Date(Date.now() - 40 * DAY).toISOString();

const head = makeExecution({
  id: "11111111-2222-4333-8444-555555555555",
  prompt: "first turn",
  sessionId: "sid-1",
  managedSessionId: "SESS-1",
  runnerId: "r1",
  usage: { inputTokens: 10, outputTokens: 5, costUsd: 0.01, durationMs: 100, numTurns: 1 },
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
    totals: { executionCount: 1, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
    expiry: { retentionDays: 30, expiresAt: new Date(Date.parse(old) + 30 * DAY).toISOString(), mayHaveExpired: true },
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
