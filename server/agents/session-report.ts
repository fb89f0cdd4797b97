import type { SessionOutcome } from "@/server/agents/session-tracker";
import type { AgentDefinition, LaunchMode, UsageSignal } from "@/server/agents/types";

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

/** What the runner records about a run's session and usage, once it ended: every rule above, applied together. */
export interface SettledRun extends SessionOutcome {
  /** A Continue that came back in another session (that id is not recorded; the run counts as session-not-found). */
  resumedElsewhere: boolean;
  /** The agent prints a final event and this run printed none: it was cut short, whatever its exit code. */
  noFinalEvent: boolean;
  /** This turn's own usage, and the session's running total to keep for the next turn (session-total agents). */
  usage: TurnUsage & { costUsd: number | null };
}

export interface RunReport {
  agent: Pick<AgentDefinition, "reportsResult" | "usageReporting">;
  mode: LaunchMode;
  /** Strategy B: Arbor's key for the session (LaunchPlan.arborSessionId). */
  arborSessionId?: string;
  outcome: SessionOutcome;
  /** Every session id the stream announced, in order. */
  announced: readonly string[];
  /** The process exited on its own with code 0. */
  cleanExit: boolean;
  /** What the CLI's usage file said (LaunchPlan.usageFile, Copilot), when it asked for one. */
  fileUsage: UsageSignal | null;
  /** For session-total agents: the total recorded after the turn this one continued or forked from. */
  previousTotal: UsageSignal | null;
}

/** Pure: the runner and the agents' integration tests settle a run the same way. */
export function settleRun(report: RunReport): SettledRun {
  const { agent, outcome } = report;
  const resumedElsewhere = resumedIntoAnotherSession(report.mode, report.announced);
  // Strategy B: no stream names the session; Arbor's key is recorded once the run ended cleanly.
  const cleanly = report.cleanExit || (outcome.result !== null && !outcome.result.isError);
  const arborSession = report.arborSessionId && cleanly ? report.arborSessionId : null;
  const reported = report.fileUsage ?? outcome.result?.usage ?? null;
  const usage = reported
    ? turnUsage(agent.usageReporting, { inputTokens: reported.inputTokens, outputTokens: reported.outputTokens }, report.previousTotal)
    : { turn: { inputTokens: null, outputTokens: null }, sessionTotal: agent.usageReporting === "session-total" ? report.previousTotal : null };
  return {
    ...outcome,
    // Never record an id the run was not meant to have.
    sessionId: arborSession ?? (resumedElsewhere ? null : outcome.sessionId),
    sessionConfirmed: arborSession !== null || (!resumedElsewhere && outcome.sessionConfirmed),
    sessionNotFound: outcome.sessionNotFound || resumedElsewhere,
    resumedElsewhere,
    noFinalEvent: agent.reportsResult !== false && outcome.result === null,
    usage: { ...usage, costUsd: outcome.result?.costUsd ?? report.fileUsage?.costUsd ?? null },
  };
}
