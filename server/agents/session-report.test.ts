import { resumedIntoAnotherSession, settleRun, turnUsage, type RunReport } from "@/server/agents/session-report";
import type { SessionOutcome } from "@/server/agents/session-tracker";

const T = "01a205f0-fb95-7793-b8ac-c75449ab74cb";
const OTHER = "01a205f1-2a55-7472-a980-517be0c8481d";

describe("resumedIntoAnotherSession", () => {
  it("is true only for a Continue whose run announced another session", () => {
    expect(resumedIntoAnotherSession({ kind: "continue", sessionId: T }, [T])).toBe(false);
    expect(resumedIntoAnotherSession({ kind: "continue", sessionId: T }, [])).toBe(false);
    expect(resumedIntoAnotherSession({ kind: "continue", sessionId: "not-a-thread" }, [OTHER])).toBe(true);
    expect(resumedIntoAnotherSession({ kind: "fork", fromSessionId: T }, [OTHER])).toBe(false);
    expect(resumedIntoAnotherSession({ kind: "new" }, [OTHER])).toBe(false);
  });
});

describe("turnUsage", () => {
  const u = (inputTokens: number | null, outputTokens: number | null) => ({ inputTokens, outputTokens });

  it("passes per-run usage through", () => {
    expect(turnUsage("per-run", u(11, 7), u(99, 99))).toEqual({ turn: u(11, 7), sessionTotal: null });
    expect(turnUsage(undefined, u(11, 7), null)).toEqual({ turn: u(11, 7), sessionTotal: null });
  });

  it("subtracts the previous total for session totals (Codex: 11, then 22 after a resume, 33 on a fork of that)", () => {
    expect(turnUsage("session-total", u(11, 7), null)).toEqual({ turn: u(11, 7), sessionTotal: u(11, 7) });
    expect(turnUsage("session-total", u(22, 14), u(11, 7))).toEqual({ turn: u(11, 7), sessionTotal: u(22, 14) });
    expect(turnUsage("session-total", u(33, 21), u(22, 14))).toEqual({ turn: u(11, 7), sessionTotal: u(33, 21) });
  });

  it("says unknown rather than inventing a figure", () => {
    // A total lower than before (zeros on an error), or a missing previous figure mid-session.
    expect(turnUsage("session-total", u(0, 0), u(22, 14)).turn).toEqual(u(null, null));
    expect(turnUsage("session-total", u(22, 14), u(null, 7)).turn).toEqual(u(null, 7));
    // Nothing reported keeps the previous total for the next turn.
    expect(turnUsage("session-total", u(null, null), u(22, 14))).toEqual({ turn: u(null, null), sessionTotal: u(22, 14) });
  });
});

describe("settleRun", () => {
  const result = (over: Partial<NonNullable<SessionOutcome["result"]>> = {}): NonNullable<SessionOutcome["result"]> => ({
    sessionId: T,
    isError: false,
    subtype: "success",
    errorMessage: null,
    usage: { inputTokens: 22, outputTokens: 14 },
    costUsd: null,
    durationMs: 10,
    numTurns: 1,
    sessionNotFound: false,
    ...over,
  });
  const outcome = (over: Partial<SessionOutcome> = {}): SessionOutcome => ({
    sessionId: T,
    lastAssistantMessageId: null,
    result: result(),
    sessionNotFound: false,
    sessionIdInUse: false,
    sessionConfirmed: true,
    ...over,
  });
  const report = (over: Partial<RunReport> = {}): RunReport => ({
    agent: {},
    mode: { kind: "continue", sessionId: T },
    outcome: outcome(),
    announced: [T],
    cleanExit: true,
    fileUsage: null,
    previousTotal: null,
    ...over,
  });

  it("keeps a run that came back in its session as it is", () => {
    expect(settleRun(report())).toMatchObject({ sessionId: T, sessionConfirmed: true, sessionNotFound: false, resumedElsewhere: false, noFinalEvent: false });
  });

  it("never records the other session a Continue came back in, and calls it session-not-found", () => {
    const settled = settleRun(report({ outcome: outcome({ sessionId: OTHER, sessionConfirmed: true }), announced: [OTHER] }));
    expect(settled).toMatchObject({ sessionId: null, sessionConfirmed: false, sessionNotFound: true, resumedElsewhere: true });
  });

  it("calls a run without its final event cut short, whatever the exit code, unless the agent prints none", () => {
    expect(settleRun(report({ outcome: outcome({ result: null, sessionConfirmed: false }) })).noFinalEvent).toBe(true);
    expect(settleRun(report({ agent: { reportsResult: false }, outcome: outcome({ result: null }) })).noFinalEvent).toBe(false);
  });

  it("records strategy B's own key only after a clean end", () => {
    const K = "6f1c3a57-0a4e-4d55-9f3c-0d8f2f2b8e11";
    const plain = {
      agent: { reportsResult: false } as const,
      mode: { kind: "new" as const, sessionId: K },
      arborSessionId: K,
      announced: [],
      outcome: outcome({ sessionId: null, result: null, sessionConfirmed: false }),
    };
    expect(settleRun(report({ ...plain, cleanExit: true }))).toMatchObject({ sessionId: K, sessionConfirmed: true });
    expect(settleRun(report({ ...plain, cleanExit: false }))).toMatchObject({ sessionId: null, sessionConfirmed: false });
  });

  it("subtracts the previous total for session-total agents, prefers the usage file, and passes cost through", () => {
    const settled = settleRun(report({ agent: { usageReporting: "session-total" }, previousTotal: { inputTokens: 11, outputTokens: 7 } }));
    expect(settled.usage).toEqual({ turn: { inputTokens: 11, outputTokens: 7 }, sessionTotal: { inputTokens: 22, outputTokens: 14 }, costUsd: null });
    const fromFile = settleRun(
      report({
        agent: { usageReporting: "session-total" },
        fileUsage: { inputTokens: 30, outputTokens: 20 },
        previousTotal: { inputTokens: 11, outputTokens: 7 },
      }),
    );
    expect(fromFile.usage.turn).toEqual({ inputTokens: 19, outputTokens: 13 });
    expect(settleRun(report({ outcome: outcome({ result: result({ costUsd: 0.25 }) }) })).usage.costUsd).toBe(0.25);
  });

  it("keeps the previous total when a session-total run reported nothing", () => {
    const settled = settleRun(
      report({ agent: { usageReporting: "session-total" }, outcome: outcome({ result: null }), previousTotal: { inputTokens: 11, outputTokens: 7 } }),
    );
    expect(settled.usage).toEqual({ turn: { inputTokens: null, outputTokens: null }, sessionTotal: { inputTokens: 11, outputTokens: 7 }, costUsd: null });
  });
});
