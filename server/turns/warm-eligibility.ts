import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { Execution } from "@/server/generated/prisma/client";

// Which turns may go to a session's warm process: exactly a plain Continue of
// the turn the process served last, as the API recorded it (resume, not
// forced fresh), by the same agent in the same directory, not cancelled.
// Anything else (a fork, an exact point, a transcript-primed turn, another
// cwd) spawns as before, and the warm process is closed first, cleanly, so
// the spawned CLI is the only one on the session. Pure: the runner
// (server/runner/warm/warm-sessions.ts) applies it and checks the files.

type TurnFacts = Pick<
  Execution,
  | "agent"
  | "model"
  | "cwd"
  | "parentExecutionId"
  | "forkedFromExecutionId"
  | "forkSessionId"
  | "targetSessionId"
  | "forceFresh"
  | "resumeDecision"
  | "cancelRequestedAt"
>;

/** What eligibility reads of a warm process (server/runner/warm/warm-process.ts). */
export type WarmProcessFacts = {
  sessionId: string | null;
  /** The execution whose turn the process served last. */
  headExecutionId: string | null;
  options: { agentId: string; requestedCwd: string; model?: string | null };
};

/** The agent session a turn resumes or forks from on this runner (the one whose warm process it could use or must close), or null. */
export function sessionTouched(execution: TurnFacts): string | null {
  if (execution.forkedFromExecutionId || execution.forkSessionId) return execution.forkSessionId;
  return execution.parentExecutionId ? execution.targetSessionId : null;
}

/** Why the turn cannot be the warm process's next message (a sentence), or null when it can. */
export function warmIneligibility(execution: TurnFacts, process: WarmProcessFacts): string | null {
  if (execution.forkedFromExecutionId || execution.forkSessionId) return "A fork starts its own agent process";
  if (execution.forceFresh) return "A fresh session was asked for";
  if (execution.resumeDecision && execution.resumeDecision !== "resume") return "The turn does not resume the session";
  if (!execution.parentExecutionId || execution.parentExecutionId !== process.headExecutionId)
    return "The turn continues another turn than the one the warm process served last";
  if (execution.targetSessionId !== process.sessionId) return "The turn continues another session";
  if (execution.agent !== process.options.agentId) return "The turn runs another agent";
  if (execution.cwd !== process.options.requestedCwd) return "The turn runs in another directory";
  // A Continue keeps its session's model, so this only differs for a process started before the model was recorded.
  if (process.options.model !== undefined && (execution.model ?? null) !== process.options.model) return "The turn runs with another model";
  if (execution.cancelRequestedAt) return "Cancel was asked for";
  return null;
}

/**
 * Why a process launched under `running` cannot serve a turn that must run
 * under `turn` (a sentence), or null when it can: the same mode and deny
 * rules, and no rule allowed at its launch that the turn does not allow (a
 * rule the turn adds is fine: the runner answers such calls itself).
 */
export function permissionsMisfit(running: EffectivePermissions | null, turn: EffectivePermissions | null): string | null {
  if (!running || !turn) return running === turn ? null : "The turn runs under another permission policy";
  if (running.mode !== turn.mode) return `The turn runs in the "${turn.mode}" permission mode, the warm process in "${running.mode}"`;
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((rule) => b.includes(rule));
  if (!same(running.deny, turn.deny)) return "The turn's deny rules changed";
  if (running.allow.some((rule) => !turn.allow.includes(rule))) return "A rule the warm process was allowed is no longer allowed";
  return null;
}
