import { parseCliArgs } from "../args";
import { helpText } from "../commands/help";
import { ago, renderSessionDetail, renderSessionList, type SessionDetailItem } from "./sessions";
import { plain } from "./style";

const NOW = Date.parse("2026-11-22T12:00:00.000Z");

describe("arbor sessions / session arguments", () => {
  it("parses filters and the session ref", () => {
    const parse = (argv: string[]) => {
      const r = parseCliArgs(argv);
      if (!r.ok) throw new Error(r.message);
      return r.command;
    };
    expect(parse(["sessions"])).toEqual({ name: "sessions", archived: false, json: false });
    expect(parse(["sessions", "--q", "auth flow", "--agent", "claude", "--archived", "--json"])).toEqual({
      name: "sessions",
      q: "auth flow",
      agent: "claude",
      archived: true,
      json: true,
    });
    expect(parse(["sessions", "-q", "x", "-a", "claude"])).toMatchObject({ q: "x", agent: "claude" });
    expect(parse(["session", "sess-3"])).toEqual({ name: "session", sessionId: "sess-3", json: false });
    const bad = (argv: string[]) => {
      const r = parseCliArgs(argv);
      if (r.ok) throw new Error("expected a usage error");
      return r.message;
    };
    expect(bad(["session"])).toBe("missing session id (e.g. SESS-1)");
    expect(bad(["sessions", "auth"])).toBe('unexpected argument "auth" (search with --q)');
    expect(bad(["sessions", "--q", " "])).toBe("--q needs a value");
    expect(helpText("sessions").text).toContain("--archived         include archived sessions");
    expect(helpText().text).toContain("arbor session <SESS>");
  });
});

describe("session renderers", () => {
  it("lists sessions on one line each with status, runs, cost, activity and flags", () => {
    const lines = renderSessionList(
      [
        {
          id: "SESS-2",
          agent: "claude",
          issueId: "ISSUE-1",
          title: "Try OAuth",
          latestStatus: "running",
          parentSessionId: "SESS-1",
          totals: { executionCount: 1, costUsd: 0.01 },
          lastActivityAt: "2026-11-22T11:58:00.000Z",
        },
        {
          id: "SESS-1",
          agent: "claude",
          issueId: "ISSUE-1",
          title: "Auth",
          latestStatus: "completed",
          archived: true,
          expiry: { mayHaveExpired: true },
          totals: { executionCount: 2, costUsd: 1.5 },
          lastActivityAt: "2026-10-01T12:00:00.000Z",
        },
      ],
      plain,
      NOW,
    );
    expect(lines[0]).toBe("SESS-2  running    claude  ISSUE-1  1 run   $0.01  2m ago   Try OAuth  (fork of SESS-1)");
    expect(lines[1]).toContain("SESS-1  completed");
    expect(lines[1]).toContain("2 runs");
    expect(lines[1]).toContain("$1.50");
    expect(lines[1]).toContain("1mo ago");
    expect(lines[1]).toMatch(/Auth {2}\[archived\] \[may have expired\]$/);
  });

  it("shows a session with its executions in order, head, parent, forks and backlinks", () => {
    const detail: SessionDetailItem = {
      id: "SESS-1",
      title: "Auth",
      agent: "claude",
      agentSessionId: "aaaa-bbbb",
      issue: { id: "ISSUE-1", title: "Login" },
      parentSession: { id: "SESS-9", title: "Earlier" },
      forkedFromExecutionId: "12345678-aaaa",
      totals: { executionCount: 2, inputTokens: 1200, outputTokens: 30, costUsd: 0.02 },
      lastActivityAt: "2026-11-22T09:00:00.000Z",
      description: "How we did auth.",
      executions: [
        { id: "e1e1e1e1-0000", status: "completed", prompt: "first", usage: { costUsd: 0.01 } },
        { id: "e2e2e2e2-0000", status: "completed", prompt: "second", parentExecutionId: "e1e1e1e1-0000" },
      ],
      headExecutionId: "e2e2e2e2-0000",
      childSessions: [{ id: "SESS-3", title: "Fork", forkedFromExecutionId: "e1e1e1e1-0000" }],
      expiry: { mayHaveExpired: true, retentionDays: 30 },
    };
    const text = renderSessionDetail(detail, plain, [{ type: "spec", id: "SPEC-2", title: "Auth spec" }], NOW).join("\n");
    expect(text).toContain("SESS-1  Auth");
    expect(text).toContain("  issue        ISSUE-1  Login");
    expect(text).toContain("  agent        claude  session aaaa-bbbb");
    expect(text).toContain("  forked from  SESS-9  Earlier  at 12345678");
    expect(text).toContain("2 executions · 1,200 in / 30 out tokens · $0.02");
    expect(text).toContain("(3h ago)");
    expect(text).toContain("may have expired");
    expect(text).toContain('   1. e1e1e1e1  start     completed    "first"  $0.01');
    expect(text).toContain('   2. e2e2e2e2  continue  completed    "second"  —  ◀ head');
    expect(text).toContain("Forks (1)\n  SESS-3  Fork  from e1e1e1e1");
    expect(text).toContain("Referenced by (1)\n  SPEC-2  Auth spec");
    expect(text).toContain('arbor continue e2e2e2e2-0000 "<prompt>"');
  });

  it("says how long ago", () => {
    expect(ago("2026-11-22T11:59:59.000Z", NOW)).toBe("just now");
    expect(ago("2026-11-20T12:00:00.000Z", NOW)).toBe("2d ago");
    expect(ago("nope", NOW)).toBeUndefined();
  });

  it("shows the transcript's health as a fact, the poison mark and what resume saved", () => {
    const detail = {
      id: "SESS-4",
      title: "Auth",
      totals: { executionCount: 3, resumedTurns: 2, savedInputTokens: 45000, cacheReadTokens: 120000 },
      expiry: { mayHaveExpired: true, retentionDays: 30 },
      health: { state: "missing", checkedAt: "2026-11-22T11:59:00.000Z" },
      poisoned: { reason: "context_window_exceeded", message: "Prompt is too long" },
      runtime: { path: "/opt/claude", version: "2.1.330" },
    };
    const text = renderSessionDetail(detail, plain, [], NOW).join("\n");
    expect(text).toContain("  resume       2 resumed turns · saved ≈ 45,000 input tokens · 120,000 cache read");
    expect(text).toContain("  transcript   expired: the agent's transcript is gone (checked 1m ago)");
    expect(text).toContain(
      "  poisoned     context window exceeded: Prompt is too long; later turns start fresh with Arbor's transcript (clear: arbor session SESS-4 --unpoison)",
    );
    expect(text).toContain("  runtime      /opt/claude (2.1.330)");
    expect(text).not.toContain("may have expired"); // the fact replaces the guess
    expect(renderSessionList([detail], plain, NOW)[0]).toMatch(/\[expired\] \[poisoned\]$/);
  });
});
