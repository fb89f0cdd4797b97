import { resolveFollowUp, type FollowUpFacts } from "@/server/turns/resolve-follow-up";
import { FOLLOW_UP_CASES, type FollowUpCase } from "@/test/support/follow-up-cases";

const S = "11111111-1111-4111-8111-111111111111";
const NEW = "22222222-2222-4222-8222-222222222222";

const knownSession = (session: Partial<NonNullable<FollowUpFacts["resume"]>["session"]> = {}): FollowUpFacts["resume"] => ({
  agent: "claude",
  session: { agent: "claude", runtime: null, poisoned: null, transcript: null, cwd: "/ws", cwdExists: null, ...session },
  installed: null,
});

const followUp = (overrides: Partial<FollowUpFacts> = {}, source: Partial<FollowUpFacts["source"]> = {}): FollowUpFacts => ({
  requested: "continue",
  forceFresh: false,
  resume: knownSession(),
  source: { id: "src", status: "completed", session: S, runnerId: "box", errorCode: null, managedSessionId: "SESS-1", ...source },
  runner: { id: "box", hostname: "box.local", alive: true },
  headId: "src",
  newSessionId: NEW,
  ...overrides,
});

describe("resolveFollowUp", () => {
  it("refuses to continue or fork a run of an agent without sessions, naming the capability", () => {
    for (const requested of ["continue", "fork"] as const) {
      const decision = resolveFollowUp(followUp({ requested, agent: { name: "Command", hasSessions: false } }));
      expect(decision).toMatchObject({
        ok: false,
        refusal: {
          reason: "agent_has_no_sessions",
          message: expect.stringMatching(/^Command has no sessions .* cannot be (continued|forked)/),
          details: { capability: "resume-by-id" },
        },
      });
    }
    expect(resolveFollowUp(followUp({ agent: { name: "Codex", hasSessions: true } }))).toMatchObject({ ok: true });
  });

  it("records a Continue on the head as the session's next turn, on the session's runner", () => {
    expect(resolveFollowUp(followUp())).toEqual({
      ok: true,
      plan: {
        edge: "continue",
        reason: "continue_head",
        resume: { kind: "resume", reason: "resumable", message: null },
        transcriptSourceExecutionId: null,
        targetSessionId: S,
        parentExecutionId: "src",
        forkedFromExecutionId: null,
        forkSessionId: null,
        managedSessionId: "SESS-1",
        queue: { runnerId: "box", sessionId: S, after: null },
      },
    });
  });

  it("records a Fork as a new session branched from the source", () => {
    const decision = resolveFollowUp(followUp({ requested: "fork" }));
    expect(decision).toMatchObject({
      ok: true,
      plan: {
        edge: "fork",
        reason: "fork_requested",
        targetSessionId: NEW,
        parentExecutionId: null,
        forkedFromExecutionId: "src",
        forkSessionId: S,
        managedSessionId: null,
        queue: { sessionId: NEW },
      },
    });
  });

  it("records a Continue on a turn the session has moved past as a fork of that turn", () => {
    expect(resolveFollowUp(followUp({ headId: "later" }))).toMatchObject({
      ok: true,
      plan: { edge: "fork", reason: "continue_not_head", forkedFromExecutionId: "src", targetSessionId: NEW },
    });
    expect(resolveFollowUp(followUp({ headId: null }))).toMatchObject({ ok: true, plan: { edge: "fork" } });
  });

  it("records a Continue whose worktree is gone as a fork that says so (its files start from the snapshot)", () => {
    const resume = { ...knownSession()!, files: { worktree: "removed" as const, snapshotSha: "abc" } };
    expect(resolveFollowUp(followUp({ resume }))).toMatchObject({
      ok: true,
      plan: {
        edge: "fork",
        reason: "worktree_gone",
        resume: { kind: "fork", reason: "worktree_gone", message: expect.stringMatching(/removed by housekeeping/) },
        forkedFromExecutionId: "src",
        forkSessionId: S,
        targetSessionId: NEW,
        parentExecutionId: null,
        queue: { runnerId: "box", sessionId: NEW },
      },
    });
    // A worktree still there changes nothing.
    expect(resolveFollowUp(followUp({ resume: { ...knownSession()!, files: { worktree: "present", snapshotSha: "abc" } } }))).toMatchObject({
      ok: true,
      plan: { edge: "continue" },
    });
  });

  it("queues behind an unfinished source, and not behind a finished one", () => {
    for (const status of ["queued", "running"] as const) {
      expect(resolveFollowUp(followUp({}, { status }))).toMatchObject({ ok: true, plan: { queue: { after: "src" } } });
      expect(resolveFollowUp(followUp({ requested: "fork" }, { status }))).toMatchObject({ ok: true, plan: { queue: { after: "src" } } });
    }
    for (const status of ["completed", "failed", "interrupted", "cancelled"] as const) {
      expect(resolveFollowUp(followUp({}, { status }))).toMatchObject({ ok: true, plan: { queue: { after: null } } });
    }
  });

  it("records a turn whose session cannot be resumed as a fork carrying Arbor's transcript, saying why", () => {
    const cases = [
      followUp({ forceFresh: true }),
      followUp({ resume: knownSession({ transcript: "missing" }) }),
      followUp({ resume: knownSession({ poisoned: { reason: "marked_by_person", message: null } }) }),
      followUp({ requested: "fork", resume: knownSession({ transcript: "missing" }) }),
    ];
    for (const facts of cases) {
      expect(resolveFollowUp(facts)).toEqual({
        ok: true,
        plan: {
          edge: "fork",
          reason: "fresh_with_transcript",
          resume: { kind: "fresh_with_transcript", reason: expect.any(String), message: expect.stringMatching(/Arbor's transcript/) },
          transcriptSourceExecutionId: "src",
          targetSessionId: NEW,
          parentExecutionId: null,
          forkedFromExecutionId: "src",
          forkSessionId: S,
          managedSessionId: null,
          queue: { runnerId: "box", sessionId: NEW, after: null },
        },
      });
    }
    expect(resolveFollowUp(cases[0])).toMatchObject({ ok: true, plan: { resume: { reason: "force_fresh" } } });
    expect(resolveFollowUp(cases[1])).toMatchObject({ ok: true, plan: { resume: { reason: "transcript_missing" } } });
    expect(resolveFollowUp(cases[2])).toMatchObject({ ok: true, plan: { resume: { reason: "session_poisoned" } } });
    // Queued behind an unfinished source: its transcript needs the source's whole turn.
    expect(resolveFollowUp(followUp({ forceFresh: true }, { status: "running" }))).toMatchObject({ ok: true, plan: { queue: { after: "src" } } });
  });

  it("lets a transcript-primed turn run on any runner when the session's runner is offline", () => {
    const offline = { id: "box", hostname: "old-box", alive: false };
    expect(resolveFollowUp(followUp({ forceFresh: true, runner: offline }))).toMatchObject({
      ok: true,
      plan: { reason: "fresh_with_transcript", queue: { runnerId: null } },
    });
    expect(resolveFollowUp(followUp({ runner: offline }))).toMatchObject({
      ok: false,
      refusal: { reason: "runner_unavailable", details: { canForceFresh: true } },
    });
  });

  it("refuses without a session, saying whether Start fresh helps and where the turn went on", () => {
    expect(resolveFollowUp(followUp({ resume: null }, { session: null, errorCode: "session_not_found", status: "failed" }))).toMatchObject({
      ok: false,
      refusal: {
        reason: "session_not_found",
        message: expect.stringMatching(/cannot be continued\. Start fresh with the conversation/),
        details: { canStartFresh: true },
      },
    });
    expect(
      resolveFollowUp(followUp({ resume: null }, { session: null, errorCode: "session_not_found", status: "failed", restartedAs: "retry" })),
    ).toMatchObject({
      ok: false,
      refusal: {
        message: expect.stringMatching(/re-ran its turn from its own transcript in execution retry: continue that one\./),
        details: { restartedAs: "retry" },
      },
    });
    expect(resolveFollowUp(followUp({ requested: "fork" }, { session: null, status: "failed" }))).toMatchObject({
      ok: false,
      refusal: {
        reason: "no_session",
        message: "Execution src has no agent session to fork (it failed before the agent reported one).",
        details: { canStartFresh: true },
      },
    });
    expect(resolveFollowUp(followUp({}, { session: null, status: "queued" }))).toMatchObject({ ok: false, refusal: { details: { canStartFresh: false } } });
  });

  it("sends the turn to any runner with the agent when the session's runner is offline or draining (issue 24)", () => {
    const elsewhere = { agentName: "Claude Code", available: true, runnerId: "spare-box" };
    for (const runner of [{ id: "box", hostname: "old-box", alive: false }, { id: "box", hostname: "old-box", alive: true, draining: true }, null]) {
      expect(resolveFollowUp(followUp({ runner, elsewhere }))).toMatchObject({
        ok: true,
        plan: { edge: "continue", reason: "continue_head", resume: { kind: "resume" }, queue: { runnerId: "spare-box" } },
      });
    }
    // The runner holding it takes it while it takes turns: the fast path.
    expect(resolveFollowUp(followUp({ runner: { id: "box", hostname: "b", alive: true, draining: false }, elsewhere }))).toMatchObject({
      ok: true,
      plan: { queue: { runnerId: "box" } },
    });
    // A Continue of a turn still queued for any runner waits behind it, for any runner too.
    expect(resolveFollowUp(followUp({ runner: null }, { status: "queued", runnerId: null }))).toMatchObject({
      ok: true,
      plan: { edge: "continue", queue: { runnerId: null, after: "src" } },
    });
    // Nobody else has the agent: the refusal names it.
    expect(
      resolveFollowUp(followUp({ runner: { id: "box", hostname: "b", alive: true, draining: true }, elsewhere: { agentName: "Codex", available: false } })),
    ).toMatchObject({
      ok: false,
      refusal: { reason: "runner_unavailable", message: expect.stringMatching(/which is draining .*no other live runner has Codex/) },
    });
  });

  it("refuses before the source has a runner, and when its runner is offline", () => {
    expect(resolveFollowUp(followUp({}, { runnerId: null }))).toMatchObject({ ok: false, refusal: { reason: "not_started" } });
    expect(resolveFollowUp(followUp({ runner: { id: "box", hostname: "old-box", alive: false } }))).toMatchObject({
      ok: false,
      refusal: {
        reason: "runner_unavailable",
        message: expect.stringContaining("runner box (old-box), which is offline"),
        details: { runnerId: "box", canStartFresh: true },
      },
    });
    expect(resolveFollowUp(followUp({ runner: null }))).toMatchObject({
      ok: false,
      refusal: { message: expect.stringContaining("runner box, which is offline") },
    });
  });
});

describe("resolveFollowUp against the follow-up form's cases", () => {
  // The source as branch-execution.ts hands it over: its session as sessionOf (server/executions/session-head.ts) reads it.
  const facts = ({ agent, source }: FollowUpCase): FollowUpFacts => {
    const unfinished = source.status === "queued" || source.status === "running";
    const session = source.sessionId ?? (unfinished ? S : null);
    return followUp(
      {
        agent: agent ?? { name: "Claude Code", hasSessions: true },
        resume: session ? { ...knownSession()!, files: source.worktree && { worktree: source.worktree, snapshotSha: "b" } } : null,
      },
      { status: source.status, session, errorCode: source.errorCode },
    );
  };

  it.each(FOLLOW_UP_CASES.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const decision = resolveFollowUp(facts(c));
    expect(decision.ok ? null : decision.refusal.reason).toBe(c.blocked);
    if (decision.ok) expect(decision.plan.reason).toBe(c.worktreeGone ? "worktree_gone" : "continue_head");
  });
});
