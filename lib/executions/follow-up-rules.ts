// What a Continue or Fork of an execution does, as far as the page knows it
// before anything is sent: whether it can run at all, what it is recorded as,
// and what it does with the files. The server decides with the same rules
// (server/turns/resolve-follow-up.ts, with what only it knows: the runner's
// liveness, the head under the session's lock); both are tested against one
// table of cases (test/support/follow-up-cases.ts). Pure.
import { shortId } from "@/lib/executions/format";
import type { ExecutionDto } from "@/lib/executions/execution-schema";
import type { FollowUpMode } from "@/lib/executions/schema";
import { poisonText } from "@/lib/sessions/resume-text";
import type { SessionDetail } from "@/lib/sessions/schema";

export type FollowUpReason = "continue_head" | "fork_requested" | "continue_not_head" | "fresh_with_transcript" | "worktree_gone";

export type FollowUpRuleFacts = {
  requested: FollowUpMode;
  /** The source is its session's head (findSessionHead: no later turn ran, runs or waits). */
  isHead: boolean;
  /** The turn starts a fresh session carrying Arbor's transcript (asked for, or the session cannot be resumed). */
  freshWithTranscript: boolean;
  /** The source's worktree vanished or was removed. */
  worktreeGone: boolean;
};

/**
 * What a follow-up is recorded as. A Continue stays a continue only on the
 * session's head (its latest turn); on an earlier turn, or when the session
 * cannot be resumed, or when the source's worktree is gone, it is recorded
 * as a fork.
 */
export function followUpReason(facts: FollowUpRuleFacts): FollowUpReason {
  if (facts.freshWithTranscript) return "fresh_with_transcript";
  if (facts.requested === "fork") return "fork_requested";
  if (facts.worktreeGone) return "worktree_gone";
  return facts.isHead ? "continue_head" : "continue_not_head";
}

/** The edge the new turn hangs under its source by. */
export function followUpEdge(reason: FollowUpReason): FollowUpMode {
  return reason === "continue_head" ? "continue" : "fork";
}

/** Why Continue and Fork cannot run from an execution: the server's refusal reasons the page can know of. */
export type FollowUpBlock = { reason: "agent_has_no_sessions" | "session_not_found" | "no_session"; message: string };

/** What the page knows of the execution's agent (useAgentActions). */
type AgentFacts = { hasSessions: boolean; name: string };

/** Why Continue/Fork cannot run from this execution, or null when they can. */
export function followUpBlock(execution: ExecutionDto, agent?: AgentFacts): FollowUpBlock | null {
  if (agent && !agent.hasSessions)
    return { reason: "agent_has_no_sessions", message: `${agent.name} has no sessions: its runs cannot be continued or forked. Run a new one from the issue.` };
  if (execution.error?.code === "session_not_found")
    return {
      reason: "session_not_found",
      message: "Its session expired or was not found: start fresh with the conversation instead (or continue the turn Arbor re-ran from its transcript).",
    };
  if (execution.sessionId || execution.status === "queued" || execution.status === "running") return null;
  return { reason: "no_session", message: "This execution has no agent session to continue or fork." };
}

/** followUpBlock's sentence, or null. */
export function followUpBlocker(execution: ExecutionDto, agent?: AgentFacts): string | null {
  return followUpBlock(execution, agent)?.message ?? null;
}

/** What a Continue of this execution does with its files, when that is not the plain "in its worktree". */
export function worktreeNote(execution: ExecutionDto): string | null {
  const state = execution.worktree?.state;
  if (state !== "missing" && state !== "removed") return null;
  return `Its worktree ${state === "removed" ? "was removed by housekeeping" : "vanished from disk"}: a Continue forks the conversation and starts from its snapshot in a fresh worktree.`;
}

/** What Arbor already knows makes the agent's session impossible to resume (the next turn then starts fresh with Arbor's transcript), or null. */
export function knownUnresumable(session: SessionDetail | undefined): string | null {
  if (session?.health?.state === "missing") return "The agent's session is gone (its transcript was deleted or expired)";
  if (session?.poisoned) return `This session is marked not to be resumed (${poisonText(session.poisoned)})`;
  return null;
}

/**
 * Said before sending, when a Continue of this execution will be recorded as
 * a fork because its session has moved on past it (followUpReason): which
 * later turn, and what happens instead.
 */
export function continueBecomesFork(execution: ExecutionDto, session: SessionDetail | undefined, freshSession: boolean): string | null {
  // Unknown until the session is loaded (or the execution has none yet): say nothing rather than guess.
  if (!session || !execution.sessionId) return null;
  const reason = followUpReason({
    requested: "continue",
    isHead: session.headExecutionId === execution.id,
    freshWithTranscript: freshSession || knownUnresumable(session) !== null,
    worktreeGone: worktreeNote(execution) !== null,
  });
  if (reason !== "continue_not_head") return null;
  const next = session.headExecutionId ? `#${shortId(session.headExecutionId)}` : "a later turn";
  return `This turn already has a next turn (the session's latest is ${next}): Continue will be recorded as a fork, a new session that branches from here. The later turns stay as they are.`;
}
