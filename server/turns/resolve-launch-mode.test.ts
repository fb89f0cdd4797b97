import { resolveLaunchMode, type LaunchFacts } from "@/server/turns/resolve-launch-mode";

const S = "11111111-1111-4111-8111-111111111111";
const NEW = "22222222-2222-4222-8222-222222222222";

const launch = (execution: Partial<LaunchFacts["execution"]>, rest: Partial<Omit<LaunchFacts, "execution">> = {}): LaunchFacts => ({
  execution: { targetSessionId: NEW, parentExecutionId: null, forkedFromExecutionId: null, forkSessionId: null, ...execution },
  forkSource: null,
  sourceSessionMovedOn: false,
  ...rest,
});

describe("resolveLaunchMode", () => {
  it("starts a new session under the minted id", () => {
    expect(resolveLaunchMode(launch({}))).toEqual({ ok: true, mode: { kind: "new", sessionId: NEW }, reason: "new_session" });
  });

  it("continues the target session", () => {
    expect(resolveLaunchMode(launch({ targetSessionId: S, parentExecutionId: "p" }))).toEqual({
      ok: true,
      mode: { kind: "continue", sessionId: S },
      reason: "continue",
    });
    expect(resolveLaunchMode(launch({ targetSessionId: S, parentExecutionId: "p" }, { parentSessionId: S }))).toMatchObject({ mode: { sessionId: S } });
  });

  it("continues the session its parent actually ran in, when the parent moved to a new one", () => {
    // The parent carried Arbor's transcript into a new session NEW; the conversation goes on there.
    expect(resolveLaunchMode(launch({ targetSessionId: S, parentExecutionId: "p" }, { parentSessionId: NEW }))).toEqual({
      ok: true,
      mode: { kind: "continue", sessionId: NEW },
      reason: "continue",
    });
  });

  it("forks from the source's session end while it has not moved on", () => {
    const facts = launch({ forkedFromExecutionId: "src", forkSessionId: S }, { forkSource: { sessionId: S, lastMessageId: "m1" } });
    expect(resolveLaunchMode(facts)).toEqual({ ok: true, mode: { kind: "fork", fromSessionId: S, newSessionId: NEW, atMessageId: null }, reason: "fork" });
  });

  it("forks exactly at the source's last message once its session moved on", () => {
    const facts = launch({ forkedFromExecutionId: "src", forkSessionId: S }, { forkSource: { sessionId: S, lastMessageId: "m1" }, sourceSessionMovedOn: true });
    expect(resolveLaunchMode(facts)).toEqual({
      ok: true,
      mode: { kind: "fork", fromSessionId: S, newSessionId: NEW, atMessageId: "m1" },
      reason: "fork_at_exact_point",
    });
  });

  it("takes the source's session when the fork did not record one", () => {
    const facts = launch({ forkedFromExecutionId: "src" }, { forkSource: { sessionId: S, lastMessageId: null } });
    expect(resolveLaunchMode(facts)).toMatchObject({ ok: true, mode: { fromSessionId: S } });
  });

  it("forks from the session the source actually ran in when it differs from the one recorded (agents that pick their own ids)", () => {
    const THREAD = "01a205f0-fb95-7793-b8ac-c75449ab74cb";
    const facts = launch({ forkedFromExecutionId: "src", forkSessionId: S }, { forkSource: { sessionId: THREAD, lastMessageId: null } });
    expect(resolveLaunchMode(facts)).toMatchObject({ ok: true, mode: { kind: "fork", fromSessionId: THREAD } });
    // The source never reported one (still unknown): the recorded session stands.
    expect(
      resolveLaunchMode(launch({ forkedFromExecutionId: "src", forkSessionId: S }, { forkSource: { sessionId: null, lastMessageId: null } })),
    ).toMatchObject({ ok: true, mode: { fromSessionId: S } });
  });

  it("refuses a fork with no session", () => {
    expect(resolveLaunchMode(launch({ forkedFromExecutionId: "src" }))).toMatchObject({ ok: false, code: "session_not_found", reason: "fork_without_session" });
  });

  it("leaves the exact point unknown when the agent recorded no message there (the resume decision then carries Arbor's transcript)", () => {
    const noPoint = launch(
      { forkedFromExecutionId: "src", forkSessionId: S },
      { forkSource: { sessionId: S, lastMessageId: null }, sourceSessionMovedOn: true },
    );
    expect(resolveLaunchMode(noPoint)).toEqual({
      ok: true,
      mode: { kind: "fork", fromSessionId: S, newSessionId: NEW, atMessageId: null },
      reason: "fork_at_exact_point",
    });
  });

  it("refuses an execution that names no session", () => {
    expect(resolveLaunchMode(launch({ targetSessionId: null }))).toMatchObject({ ok: false, code: "invalid_launch" });
  });
});
