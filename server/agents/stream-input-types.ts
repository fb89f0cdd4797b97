// Talking to a process that reads user messages from stdin (AgentDefinition.streamInput):
// warm sessions (server/runner/warm/) and turns a person answers on stdin.

/**
 * Talking to a process launched with LaunchPlan.streamInput. Pure; `classify`
 * runs on every stdout line, so it must be cheap for lines that matter to
 * nobody here.
 */
export interface StreamInputProtocol {
  /** The stdin line (with its newline) that delivers one user message; `uuid` names it in the agent's lifecycle lines. */
  userMessage(prompt: string, uuid: string): string;
  /** The stdin line (with its newline) that interrupts the running turn and keeps the process (Cancel). */
  interrupt(requestId: string): string;
  /** What one stdout line means to the turn bookkeeping, or null for most lines. */
  classify(line: string): StreamInputSignal | null;
  /**
   * The process was verified to serve later user messages as later turns of
   * its session (Claude Code), so warm sessions may keep it. Absent: it serves
   * its one turn and is closed (Qwen Code's ask runs).
   */
  reusable?: boolean;
  /**
   * A stdin line (with its newline) a process waiting for its first message
   * answers without a turn and without a transcript entry, doing ahead the
   * per-conversation work its first message would otherwise wait for
   * (pre-started agents, server/runner/warm/prestart-pool.ts). Its answer
   * names `requestId` (see `answers`). Absent: nothing is warmed up.
   */
  warmUp?(requestId: string): string;
  /** Whether the stdout line is the answer to the stdin request `requestId` (cheap: called on lines until it comes). */
  answers?(line: string, requestId: string): boolean;
  /**
   * A stdin line asking a waiting process which session it holds, answered
   * outside any turn (see `answers`), read by `sessionIn`: a pre-started
   * agent names its session before a run takes it.
   */
  askSession?(requestId: string): string;
  /** The session id an answer to `askSession` names, or null. */
  sessionIn?(line: string): string | null;
  /**
   * A stdin line (with its newline): a user message the agent takes without
   * asking the model anything, written to a waiting process after `warmUp`,
   * so the first turn's context is built before the first real message
   * comes. Its output lines (named by `uuid` in the lifecycle lines) belong to
   * no turn, and nothing is written to the process until it is completed.
   */
  prime?(uuid: string): string;
}

export type StreamInputSignal = {
  /** The agent started working on the user message with this uuid (while another turn runs: folded into it). */
  started?: string;
  /** The agent is done with the user message with this uuid, however it went (the line after its turn's result). */
  completed?: string;
  /** The line starts a turn and names the session. */
  sessionId?: string;
  /** The line is a turn's result; `totalCostUsd`: the process's running total, when it reports one. */
  turnEnded?: { totalCostUsd: number | null };
};
