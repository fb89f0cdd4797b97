import type { LineSignals, ResultSignal, StderrSignals } from "@/server/agents/types";

// Folds one run's signals into what Arbor records about its session. The one
// rule that matters: the session id comes from the start-of-run
// announcement only. A result line's id is never taken on its own, since a
// failed resume reports an id no session has.

export interface SessionOutcome {
  /** From the init line; null when the run never started a session. */
  sessionId: string | null;
  /** The last main-conversation assistant message: the exact point a later fork of this run branches at. */
  lastAssistantMessageId: string | null;
  result: ResultSignal | null;
  sessionNotFound: boolean;
  sessionIdInUse: boolean;
  /** The result named the same session as the init line. */
  sessionConfirmed: boolean;
}

export class SessionTracker {
  private sessionId: string | null = null;
  private lastAssistantMessageId: string | null = null;
  private result: ResultSignal | null = null;
  private stderr: StderrSignals = {};

  observeLine(signals: LineSignals): void {
    if (signals.sessionId && this.sessionId === null) this.sessionId = signals.sessionId;
    if (signals.assistantMessageId) this.lastAssistantMessageId = signals.assistantMessageId;
    if (signals.result) this.result = signals.result;
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
