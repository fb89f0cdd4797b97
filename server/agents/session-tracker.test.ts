import fixtures from "@/server/agents/claude/__fixtures__/stream-json-2.1.330.json";
import { classifyClaudeStderr } from "@/server/agents/claude/classify-claude-stderr";
import { parseClaudeLine } from "@/server/agents/claude/parse-claude-line";
import { SessionTracker } from "@/server/agents/session-tracker";

function track(lines: string[], stderr = "", expectedSessionId?: string): ReturnType<SessionTracker["outcome"]> {
  const tracker = new SessionTracker({ expectedSessionId });
  for (const line of lines) tracker.observeLine(parseClaudeLine(line).signals);
  tracker.observeStderr(classifyClaudeStderr(stderr));
  return tracker.outcome();
}

describe("SessionTracker", () => {
  it("takes the session from init, the last assistant message, and confirms with the result", () => {
    const outcome = track([fixtures.init, fixtures.assistantToolUseRead, fixtures.userToolResultRead, fixtures.assistantText, fixtures.resultSuccess]);
    expect(outcome).toEqual({
      sessionId: JSON.parse(fixtures.init).session_id,
      lastAssistantMessageId: JSON.parse(fixtures.assistantText).uuid,
      result: expect.objectContaining({ isError: false }),
      sessionNotFound: false,
      sessionIdInUse: false,
      sessionConfirmed: true,
    });
  });

  it("records no session for a failed resume, whatever id its result names", () => {
    for (const result of [fixtures.resultSessionNotFound, fixtures.resultNonUuidResume]) {
      const outcome = track([result]);
      expect(outcome.sessionId).toBeNull();
      expect(outcome.sessionConfirmed).toBe(false);
    }
    expect(track([fixtures.resultSessionNotFound]).sessionNotFound).toBe(true);
  });

  it("reads failures that only show on stderr", () => {
    expect(track([], "Error: Session ID 11111111-1111-4111-8111-111111111111 is already in use.\n")).toMatchObject({ sessionIdInUse: true, sessionId: null });
    expect(track([], "No conversation found with session ID: 9\n").sessionNotFound).toBe(true);
  });

  describe("with the session id Arbor told the agent to use (the runner's rule)", () => {
    const announced = JSON.parse(fixtures.init).session_id as string;
    const other = "99999999-9999-4999-8999-999999999999";

    it("pins the expected id the moment it is announced", () => {
      const tracker = new SessionTracker({ expectedSessionId: announced });
      expect(tracker.observeLine(parseClaudeLine(fixtures.init).signals)).toEqual({ pinned: announced });
      expect(tracker.observeLine(parseClaudeLine(fixtures.assistantText).signals)).toEqual({});
      tracker.observeLine(parseClaudeLine(fixtures.resultSuccess).signals);
      expect(tracker.outcome()).toMatchObject({ sessionId: announced, sessionConfirmed: true });
    });

    it("never pins another id, and reports each announcement of one", () => {
      const tracker = new SessionTracker({ expectedSessionId: other });
      const init = parseClaudeLine(fixtures.init).signals;
      expect(tracker.observeLine(init)).toEqual({ unexpectedSessionId: announced });
      expect(tracker.observeLine(init)).toEqual({ unexpectedSessionId: announced });
      tracker.observeLine(parseClaudeLine(fixtures.resultSuccess).signals);
      expect(tracker.outcome()).toMatchObject({ sessionId: null, sessionConfirmed: false });
      expect(track([fixtures.init, fixtures.resultSuccess], "", other).sessionId).toBeNull();
    });

    it("ignores later announcements once pinned", () => {
      const tracker = new SessionTracker({ expectedSessionId: announced });
      tracker.observeLine({ sessionId: announced });
      expect(tracker.observeLine({ sessionId: other })).toEqual({});
      expect(tracker.outcome().sessionId).toBe(announced);
    });

    it("without an expected id (an agent that picks its own), pins the first announced", () => {
      const tracker = new SessionTracker({ expectedSessionId: null });
      expect(tracker.observeLine({ sessionId: other })).toEqual({ pinned: other });
      expect(tracker.observeLine({ sessionId: announced })).toEqual({});
    });
  });
});
