import type { LineSignals, ResultSignal, StderrSignals } from "@/server/agents/types";

// Folds one run's signals into what Arbor records about its session. The
// runner uses it as the run goes (to pin the session the moment it is
// announced) and at the end (to classify the exit). The rules:
// - The session id comes from the start-of-run announcement only. A result
//   line's id is never taken on its own, since a failed resume reports an id
//   no session has.
// - When Arbor told the agent which session to use (a new run's or fork's
//   minted id, a continue's resumed id), only that id is pinned; an
//   announcement of any other id is reported back as unexpected (the runner
//   writes a warning) and never recorded. When Arbor could not tell the agent
//   (agents that pick their own ids), the first announced id is pinned.

export interface SessionOutcome {
  /** The pinned session; null when the run never started the session it was meant to. */
  sessionId: string | null;
  /** The last main-conversation assistant message: the exact point a later fork of this run branches at. */
  lastAssistantMessageId: string | null;
  result: ResultSignal | null;
  sessionNotFound: boolean;
  sessionIdInUse: boolean;
  /** The result named the pinned session. */
  sessionConfirmed: boolean;
}

export interface SessionTrackerOptions {
  /** The id the agent was told to use (LaunchPlan.expectedSessionId); null/undefined: it picks its own. */
  expectedSessionId?: string | null;
}

/** What one line changed, for the runner to act on at once. */
export interface LineObservation {
  /** This line announced the session, which is now pinned. */
  pinned?: string;
  /** This line announced a session other than the expected one (not recorded). */
  unexpectedSessionId?: string;
}

export class SessionTracker {
  readonly expectedSessionId: string | null;
  private sessionId: string | null = null;
  private lastAssistantMessageId: string | null = null;
  private result: ResultSignal | null = null;
  private stderr: StderrSignals = {};

  constructor(options: SessionTrackerOptions = {}) {
    this.expectedSessionId = options.expectedSessionId ?? null;
  }

  observeLine(signals: LineSignals): LineObservation {
    const observation: LineObservation = {};
    if (signals.sessionId && this.sessionId === null) {
      if (this.expectedSessionId === null || signals.sessionId === this.expectedSessionId) {
        this.sessionId = signals.sessionId;
        observation.pinned = signals.sessionId;
      } else {
        observation.unexpectedSessionId = signals.sessionId;
      }
    }
    if (signals.assistantMessageId) this.lastAssistantMessageId = signals.assistantMessageId;
    if (signals.result) this.result = signals.result;
    return observation;
  }

  /** Classify the stderr seen so far (or its tail) with the agent's classifyStderr. */
  observeStderr(signals: StderrSignals): void {
    this.stderr = {
      sessionNotFound: this.stderr.sessionNotFound || signals.sessionNotFound,
      sessionIdInUse: this.stderr.sessionIdInUse || signals.sessionIdInUse,
    };
  }

  outcome(): SessionOutcome {
    return {
      sessionId: this.sessionId,
      lastAssistantMessageId: this.lastAssistantMessageId,
      result: this.result,
      sessionNotFound: Boolean(this.result?.sessionNotFound || this.stderr.sessionNotFound),
      sessionIdInUse: Boolean(this.stderr.sessionIdInUse),
      sessionConfirmed: this.sessionId !== null && this.result?.sessionId === this.sessionId,
    };
  }
}
