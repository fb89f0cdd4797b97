import { formatResume, formatUsage, renderCreated, renderEnd, renderExecutionHeader, renderStatusChange } from "./execution";
import { plain } from "./style";
import type { Execution } from "../types";

const exec: Execution = {
  id: "a1b2c3d4-1111-2222-3333-444455556666",
  issueId: "ISSUE-1",
  agent: "claude",
  prompt: "Fix the login bug\nplease",
  cwd: "/repo",
  status: "failed",
  sessionId: "0f1e2d3c-aaaa",
  parentExecutionId: "p1",
  forkedFromExecutionId: "f1",
  forkSessionId: "fs1",
  error: { code: "agent_exit", message: "exit code 1" },
  usage: { inputTokens: 1200, outputTokens: 300, costUsd: 0.05 },
  createdAt: null,
  startedAt: "2025-01-01T10:00:01Z",
  finishedAt: "2025-01-01T10:01:05Z",
};

describe("execution rendering", () => {
  it("renders the header", () => {
    const lines = renderExecutionHeader(exec, plain);
    expect(lines[0]).toBe("Execution a1b2c3d4-1111-2222-3333-444455556666  failed");
    expect(lines).toEqual(
      expect.arrayContaining([
        "  issue      ISSUE-1",
        "  agent      claude",
        "  session    the agent's session 0f1e2d3c-aaaa",
        "  continues  p1",
        "  forked     from f1 (the agent's session fs1)",
        "  prompt     Fix the login bug please",
        "  usage      1,200 in / 300 out tokens · $0.05",
        "  error      agent_exit: exit code 1",
      ]),
    );
  });

  it("says what the agent may do alone, and the honest states: waiting for a person, actions refused", () => {
    const running = {
      ...exec,
      status: "running",
      error: null,
      waitingFor: { approvalId: "APR-3", kind: "tool", summary: "$ npm test" },
      permissions: { mode: "ask", allow: ["Bash(npm test:*)"], deny: ["Bash(git push:*)"], source: "project" },
    } as Execution;
    const lines = renderExecutionHeader(running, plain);
    expect(lines[0]).toBe("Execution a1b2c3d4-1111-2222-3333-444455556666  running — waiting for you (APR-3)");
    expect(lines).toContain(
      "  may        ask: anything beyond editing files waits for a person (the project's policy); allowed Bash(npm test:*); refused Bash(git push:*)",
    );
    const refused = { ...exec, status: "completed", error: null, refusedActions: 2 } as Execution;
    expect(renderStatusChange(refused, plain)).toBe("── completed — 2 actions refused");
    expect(renderEnd({ ...refused, usage: null }, plain)[0]).toContain("completed — 2 actions refused");
    expect(renderStatusChange({ ...refused, refusedActions: 0 }, plain)).toBe("── completed");
  });

  it("says how the turn reached its agent and where the launch's time went", () => {
    const t0 = 1_700_000_000_000;
    const lines = renderExecutionHeader(
      {
        id: "x",
        launch: { kind: "warm", reason: null, pid: 4242 },
        timings: { requestedAt: t0, insertedAt: t0 + 4, pickedAt: t0 + 5.5, claimedAt: t0 + 7, plannedAt: t0 + 8, spawnedAt: t0 + 9, firstLineAt: t0 + 16 },
      },
      plain,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "  launch     warm process (pid 4242): the session's live agent process took it as its next message",
        "  timings    request → recorded 4.0 ms · queue → runner 1.5 ms · claimed 1.5 ms · launch planned 1.0 ms · agent started 1.0 ms · agent's first line 7.0 ms = 16 ms",
      ]),
    );
    expect(renderExecutionHeader({ id: "y", launch: { kind: "spawn", reason: "A fork starts its own agent process", pid: 7 } }, plain)).toContain(
      "  launch     spawned (pid 7) · A fork starts its own agent process",
    );
  });

  it("names the session SESS-n, with the agent's own id beside it", () => {
    expect(renderExecutionHeader({ ...exec, managedSessionId: "SESS-4" }, plain)).toContain("  session    SESS-4 · the agent's session 0f1e2d3c-aaaa");
    expect(renderExecutionHeader({ id: "q", managedSessionId: "SESS-4" }, plain)).toContain("  session    SESS-4");
  });

  it("names the chosen model and the fan-out group (issue 26)", () => {
    const lines = renderExecutionHeader({ id: "m", agent: "codex", model: "gpt-5.5", groupId: "GRP-3" }, plain);
    expect(lines).toContain("  agent      codex · model gpt-5.5");
    expect(lines).toContain("  group      GRP-3 (fan-out: arbor group GRP-3)");
    expect(renderCreated({ id: "e", status: "queued", agent: "codex", model: "gpt-5.5" }, plain)).toEqual(["Execution e queued (codex · gpt-5.5)"]);
  });

  it("tolerates a bare execution", () => {
    expect(renderExecutionHeader({ id: "x" }, plain)).toEqual(["Execution x  unknown", "  session    (not started yet)"]);
  });

  it("renders status changes, the end and the created line", () => {
    // Sessions are named SESS-n: the agent's own id is not Arbor's session.
    expect(renderStatusChange({ id: "x", status: "running", sessionId: "0f1e2d3c-aaaa", managedSessionId: "SESS-3" }, plain)).toBe("── running · SESS-3");
    expect(renderStatusChange({ id: "x", status: "running", sessionId: "0f1e2d3c-aaaa" }, plain)).toBe("── running");
    expect(renderEnd(exec, plain)).toEqual(["── failed · 1m04s · 1,200 in / 300 out tokens · $0.05", "   agent_exit: exit code 1"]);
    expect(renderEnd({ id: "x", status: "completed" }, plain)).toEqual(["── completed"]);
    expect(renderCreated({ id: "e1", status: "queued", agent: "claude", issueId: "ISSUE-1" }, plain)).toEqual(["Execution e1 queued (claude, issue ISSUE-1)"]);
    expect(renderCreated({ id: "e2", status: "queued", parentExecutionId: "abcdefghij", managedSessionId: "SESS-2" }, plain)).toEqual([
      "Execution e2 queued (continues abcdefgh, in SESS-2)",
    ]);
  });

  it("formats usage", () => {
    expect(formatUsage(null)).toBeUndefined();
    expect(formatUsage({ costUsd: 1.5 })).toBe("$1.50");
    expect(formatUsage({ inputTokens: 5 })).toBe("5 in / ? out tokens");
  });

  it("says how a turn related to the agent's session, with what resume saved", () => {
    const resumed: Execution = {
      id: "r",
      resume: { decision: "resume", reason: "resumable", message: null },
      telemetry: { sessionResumed: true, transcriptTokens: 12345, savedInputTokens: 12345 },
      usage: { inputTokens: 2000, outputTokens: 10, cacheReadTokens: 1500 },
    };
    expect(formatResume(resumed)).toBe("resumed the agent's session · saved ≈ 12,345 input tokens");
    expect(renderExecutionHeader(resumed, plain)).toEqual(
      expect.arrayContaining([
        "  resume     resumed the agent's session · saved ≈ 12,345 input tokens",
        "  usage      2,000 in (1,500 cache read) / 10 out tokens",
      ]),
    );
    const retried: Execution = {
      id: "t",
      resume: { decision: "fresh_with_transcript", reason: "resume_rejected", message: "…" },
      telemetry: { transcriptTokens: 900 },
    };
    expect(formatResume(retried)).toBe("continued from Arbor's transcript — the agent's session was gone (≈ 900 tokens)");
    const forced: Execution = {
      id: "f",
      status: "queued",
      resume: { decision: "fresh_with_transcript", reason: "force_fresh", message: "A fresh session was asked for." },
    };
    expect(renderCreated(forced, plain)).toEqual(["Execution f queued", "  fresh session carrying Arbor's transcript: A fresh session was asked for."]);
    expect(formatResume({ id: "n" })).toBeUndefined();
    expect(formatResume({ id: "w", resume: { decision: "fresh", reason: "restart_without_conversation" } })).toBe("fresh session without the conversation");
  });
});

describe("a turn's check in arbor show (issue 25)", () => {
  it("shows the result, where it was reused from, and how to continue with a failure", () => {
    const failed = renderExecutionHeader(
      {
        id: "3f2a9c1e-0000-4000-8000-000000000001",
        status: "completed",
        check: { status: "failed", summary: "failed (exit 1) in 3.0 s: 2 failing", reusedFromExecutionId: null },
      } as never,
      plain,
    ).join("\n");
    expect(failed).toContain("check      ✗ check failed (exit 1) in 3.0 s: 2 failing  (arbor continue 3f2a9c1e --with-check)");
    const reused = renderExecutionHeader(
      {
        id: "3f2a9c1e-0000-4000-8000-000000000002",
        status: "completed",
        check: { status: "passed", summary: "passed in 1.0 s", reusedFromExecutionId: "9a8b7c6d-0000-4000-8000-000000000003" },
      } as never,
      plain,
    ).join("\n");
    expect(reused).toContain("check      ✓ check passed in 1.0 s (reused from 9a8b7c6d)");
  });
});
