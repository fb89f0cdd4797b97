import type { ExecutionErrorCode } from "@/lib/executions/types";
import type { LaunchMode } from "@/server/agents/types";
import { firstRefusal, type Guard } from "@/server/turns/guards";

// How a runner launches an execution, decided right before the spawn
// (server/runner/turn/plan-turn.ts gathers the facts): a new session, a
// continue, or a fork (at the exact point when the source's session moved
// on). Pure; guards in order, the first refusal wins. Whether the agent's own
// session is resumed at all is the resume decision (resolve-resume-decision.ts).

export type LaunchFacts = {
  execution: {
    /** Minted at creation: the id of a new session or fork, the resumed session for a continue. */
    targetSessionId: string | null;
    parentExecutionId: string | null;
    forkedFromExecutionId: string | null;
    forkSessionId: string | null;
  };
  /** For a fork: the execution it branches from, if it still exists. */
  forkSource: { sessionId: string | null; lastMessageId: string | null } | null;
  /**
   * For a continue: the session its parent actually ran in, once known. It
   * differs from the recorded target when the parent itself ended up in a new
   * session (it carried Arbor's transcript): the conversation goes on there.
   */
  parentSessionId?: string | null;
  /**
   * For a fork: a later turn of the source's session ran, runs or is queued,
   * so a plain `--resume` would branch from that newer turn.
   */
  sourceSessionMovedOn: boolean;
};

export type LaunchRefusal = { code: ExecutionErrorCode; message: string; reason: "fork_without_session" | "no_target_session" };

export type LaunchDecision =
  | { ok: true; mode: LaunchMode; reason: "new_session" | "continue" | "fork" | "fork_at_exact_point" }
  | ({ ok: false } & LaunchRefusal);

const LAUNCH_GUARDS: readonly Guard<LaunchFacts, LaunchRefusal>[] = [
  function hasTargetSession({ execution }) {
    if (execution.targetSessionId) return null;
    return { code: "invalid_launch", message: "The execution names no session to start or resume", reason: "no_target_session" };
  },
  function forkHasSession({ execution, forkSource }) {
    if (!execution.forkedFromExecutionId || execution.forkSessionId || forkSource?.sessionId) return null;
    return { code: "session_not_found", message: "The execution this fork starts from has no session", reason: "fork_without_session" };
  },
];

/**
 * How the runner launches an execution: a new session, a continue, or a fork
 * (exactly at the source's last message when its session moved on; when the
 * agent recorded none, atMessageId is null and the resume decision makes the
 * fork carry Arbor's transcript up to the source instead).
 */
export function resolveLaunchMode(facts: LaunchFacts): LaunchDecision {
  const refusal = firstRefusal(LAUNCH_GUARDS, facts);
  if (refusal) return { ok: false, ...refusal };
  const { execution, forkSource } = facts;
  const target = execution.targetSessionId!;
  if (execution.parentExecutionId) return { ok: true, mode: { kind: "continue", sessionId: facts.parentSessionId ?? target }, reason: "continue" };
  if (execution.forkedFromExecutionId) {
    // The session the source actually ran in wins over the one recorded when the fork was asked for:
    // agents that pick their own ids (Codex, opencode) name it only once they run.
    const fromSessionId = (forkSource?.sessionId ?? execution.forkSessionId)!;
    const atExactPoint = Boolean(forkSource && facts.sourceSessionMovedOn);
    return {
      ok: true,
      mode: { kind: "fork", fromSessionId, newSessionId: target, atMessageId: atExactPoint ? forkSource!.lastMessageId : null },
      reason: atExactPoint ? "fork_at_exact_point" : "fork",
    };
  }
  return { ok: true, mode: { kind: "new", sessionId: target }, reason: "new_session" };
}
