import type { SessionOutcome } from "@/server/agents/session-tracker";
import type { ResultSignal } from "@/server/agents/types";
import { classifyExit, NO_FINAL_EVENT_MESSAGE, rejectedResume, RUNNER_LOST_MESSAGE, type ExitContext } from "@/server/runner/turn/classify-exit";

const SESSION = "11111111-1111-4111-8111-111111111111";

const outcome = (overrides: Partial<SessionOutcome> = {}): SessionOutcome => ({
  sessionId: SESSION,
  lastAssistantMessageId: null,
  result: null,
  sessionNotFound: false,
  sessionIdInUse: false,
  sessionConfirmed: false,
  ...overrides,
});
const result = (overrides: Partial<ResultSignal> = {}): ResultSignal => ({
  sessionId: SESSION,
  isError: false,
  subtype: "success",
  errorMessage: null,
  usage: { inputTokens: 1, outputTokens: 1 },
  costUsd: 0,
  durationMs: 1,
  numTurns: 1,
  sessionNotFound: false,
  ...overrides,
});
const context = (overrides: Partial<ExitContext> = {}): ExitContext => ({
  cancelled: false,
  stopping: false,
  expectedSessionId: SESSION,
  stderrTail: "",
  ...overrides,
});
const exited = (exitCode: number | null, signal: NodeJS.Signals | null = null) => ({ ok: true as const, exitCode, signal });

describe("classifyExit", () => {
  it("completes a clean exit", () => {
    expect(classifyExit(exited(0), outcome({ result: result() }), context())).toEqual({ status: "completed", errorCode: null, errorMessage: null });
  });

  it("says interrupted when the agent exited 0 without the final event it always prints (Gemini CLI killed from outside)", () => {
    expect(classifyExit(exited(0), { ...outcome(), noFinalEvent: true }, context())).toEqual({
      status: "interrupted",
      errorCode: "no_final_event",
      errorMessage: NO_FINAL_EVENT_MESSAGE,
    });
    // A non-zero exit says more than the missing event does.
    expect(classifyExit(exited(2), { ...outcome(), noFinalEvent: true }, context())).toMatchObject({ status: "failed", errorCode: "exit_nonzero" });
  });

  it("fails with the spawn failure's own code when the process never started", () => {
    for (const reason of ["agent_not_found", "cwd_not_found", "spawn_failed"] as const) {
      expect(classifyExit({ ok: false, reason, message: "why" }, outcome(), context({ cancelled: true }))).toEqual({
        status: "failed",
        errorCode: reason,
        errorMessage: "why",
      });
    }
  });

  it("says cancelled when Cancel stopped it, whatever the exit looked like", () => {
    expect(classifyExit(exited(null, "SIGTERM"), outcome(), context({ cancelled: true }))).toMatchObject({ status: "cancelled", errorCode: null });
  });

  it("says interrupted (session kept) when the runner shut down under it", () => {
    expect(classifyExit(exited(null, "SIGTERM"), outcome(), context({ stopping: true }))).toEqual({
      status: "interrupted",
      errorCode: "runner_lost",
      errorMessage: RUNNER_LOST_MESSAGE,
    });
  });

  it("reports a session the agent no longer has, before any other error", () => {
    const gone = classifyExit(exited(1), outcome({ sessionNotFound: true, sessionIdInUse: true, result: result({ isError: true }) }), context());
    expect(gone).toMatchObject({ status: "failed", errorCode: "session_not_found", errorMessage: expect.stringMatching(/Start fresh/) });
  });

  it("reports a refused session id, naming it", () => {
    expect(classifyExit(exited(1), outcome({ sessionIdInUse: true }), context())).toEqual({
      status: "failed",
      errorCode: "agent_error",
      errorMessage: `The agent refused the session id ${SESSION}: it is already in use`,
    });
  });

  it("passes on the agent's own error message", () => {
    expect(classifyExit(exited(0), outcome({ result: result({ isError: true, errorMessage: "rate limited" }) }), context())).toMatchObject({
      errorCode: "agent_error",
      errorMessage: "rate limited",
    });
    expect(classifyExit(exited(1), outcome({ result: result({ isError: true }) }), context())).toMatchObject({ errorMessage: "The agent reported an error" });
  });

  it("explains an unexplained non-zero exit with the end of stderr", () => {
    expect(classifyExit(exited(3), outcome(), context({ stderrTail: "a\nb\nc\nd\n" }))).toEqual({
      status: "failed",
      errorCode: "exit_nonzero",
      errorMessage: "The agent exited with code 3: b c d",
    });
    expect(classifyExit(exited(null, "SIGKILL"), outcome(), context())).toMatchObject({ errorMessage: "The agent was stopped by SIGKILL" });
  });
});

describe("rejectedResume", () => {
  const ending = (exit: ReturnType<typeof exited>, seen: SessionOutcome, ctx = context()) => classifyExit(exit, seen, ctx);

  it("is session_not_found when the agent says the session does not exist", () => {
    const seen = outcome({ sessionId: null, sessionNotFound: true, result: result({ isError: true, sessionId: null, numTurns: 0 }) });
    expect(rejectedResume(exited(1), seen, ending(exited(1), seen))).toBe("session_not_found");
  });

  it("is exited_early when the CLI ends without ever starting the session", () => {
    const crashed = outcome({ sessionId: null });
    expect(rejectedResume(exited(134), crashed, ending(exited(134), crashed))).toBe("exited_early");
    const refused = outcome({ sessionId: null, result: result({ isError: true, sessionId: null, errorMessage: "No message found with message.uuid of: x" }) });
    expect(rejectedResume(exited(1), refused, ending(exited(1), refused))).toBe("exited_early");
  });

  it("is null for a turn that ran, was cancelled or interrupted, or never spawned", () => {
    const ran = outcome({ result: result({ isError: true, errorMessage: "API Error" }) });
    expect(rejectedResume(exited(1), ran, ending(exited(1), ran))).toBeNull();
    expect(rejectedResume(exited(0), outcome({ result: result() }), ending(exited(0), outcome({ result: result() })))).toBeNull();
    const gone = outcome({ sessionId: null });
    expect(rejectedResume(exited(null, "SIGTERM"), gone, ending(exited(null, "SIGTERM"), gone, context({ cancelled: true })))).toBeNull();
    expect(rejectedResume(exited(null, "SIGTERM"), gone, ending(exited(null, "SIGTERM"), gone, context({ stopping: true })))).toBeNull();
    const never = { ok: false as const, reason: "spawn_failed" as const, message: "EACCES" };
    expect(rejectedResume(never, gone, classifyExit(never, gone, context()))).toBeNull();
  });
});
