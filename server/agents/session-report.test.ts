import { resumedIntoAnotherSession, turnUsage } from "@/server/agents/session-report";

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
