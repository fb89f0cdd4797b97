import type { LaunchMode, UsageSignal } from "@/server/agents/types";

// Two rules the runner applies to what a run reported, once it ended.
//
// 1. A Continue must come back in the session it resumed. Codex 0.169.0
//    silently starts a new thread when asked to resume a name that matches
//    none (and Claude reports a random id for a non-UUID --resume): a
//    Continue whose stream announces another session never found its session.
//    That other id is not recorded; the run is "session not found".
//
// 2. Some CLIs report a session's running usage total instead of the run's
//    own (AgentDefinition.usageReporting "session-total": Codex, Qwen Code,
//    Copilot). A turn's own usage is then its total minus the total recorded
//    for the execution it continued or forked from (a fork starts from its
//    source's total: Codex reported 33 for a fork's first turn of a thread at 22).

/** Whether a Continue's run announced a session other than the one it resumed. */
export function resumedIntoAnotherSession(mode: LaunchMode, announcedSessionIds: readonly string[]): boolean {
  if (mode.kind !== "continue") return false;
  return announcedSessionIds.some((id) => id !== mode.sessionId);
}

export interface TurnUsage {
  /** This turn's own usage (null where unknown). */
  turn: UsageSignal;
  /** The session's running total after this turn, to keep for the next turn (null: per-run agents, or unknown). */
  sessionTotal: UsageSignal | null;
}

/**
 * This turn's usage from what the run reported. For "session-total" agents
 * `previousTotal` is the total recorded after the turn this one continued or
 * forked from (null for a new session's first turn). A total that went down
 * (the CLI lost count, or reported zeros for an error) gives unknown, never
 * a negative or invented figure.
 */
export function turnUsage(reporting: "per-run" | "session-total" | undefined, reported: UsageSignal, previousTotal: UsageSignal | null): TurnUsage {
  if (reporting !== "session-total") return { turn: reported, sessionTotal: null };
  const minus = (total: number | null, before: number | null | undefined): number | null => {
    if (total === null) return null;
    if (before === null || before === undefined) return previousTotal === null ? total : null;
    return total >= before ? total - before : null;
  };
  return {
    turn: { inputTokens: minus(reported.inputTokens, previousTotal?.inputTokens), outputTokens: minus(reported.outputTokens, previousTotal?.outputTokens) },
    sessionTotal: reported.inputTokens === null && reported.outputTokens === null ? previousTotal : reported,
  };
}
