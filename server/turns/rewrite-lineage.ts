import type { ResumeDecisionKind, ResumeReason } from "@/lib/executions/types";
import type { LaunchMode } from "@/server/agents/types";
import type { Execution } from "@/server/generated/prisma/client";
import { worktreeIsGone, type ResumeDecision, type ResumeFacts } from "@/server/turns/resolve-resume-decision";

// What a Continue or Fork now is, once the runner has decided how it resumes
// (right before the launch, server/runner/turn/plan-turn.ts): the launch
// mode, and the row as it must read from now on. The API recorded the turn
// with what it knew (resolve-follow-up.ts); the runner knows more (the
// installed CLI, the files on its disk), and when that changes the turn the
// row changes with it, so the tree, the session head and the Session follow:
// - the session cannot be resumed: a fork of its source in a new session
//   whose prompt carries Arbor's transcript of the conversation;
// - a Continue whose worktree is gone: a fork of its parent's session, its
//   files starting from the parent's snapshot (place-worktree.ts);
// - a Continue whose parent went on in a new session (it carried the
//   transcript): this turn goes on there too, in the parent's Session.
// Never silently: the resume decision, its reason and its sentence are
// written in the same update (resume_decision, resume_reason,
// resume_message). The third change follows what the parent's own row
// records (its resume_reason says why it left the session). Pure.

type ResumeMode = Extract<LaunchMode, { kind: "continue" | "fork" }>;

export type LineageFacts = {
  execution: Pick<Execution, "parentExecutionId" | "forkedFromExecutionId" | "forkSessionId" | "targetSessionId">;
  /** How resolveLaunchMode launches it (a continue or a fork). */
  mode: ResumeMode;
  /** The runner's resume decision for it. */
  decision: ResumeDecision;
  /** For a continue: the Session (SESS-n) of the parent, null when it has none. */
  parentManagedSessionId: string | null;
  /** An id for a new agent session, taken when the turn must start one (minted by the caller). */
  newSessionId: string;
};

/** The columns written on the execution before its agent starts (plain values; undefined: left as recorded). */
export type LineageUpdate = {
  resumeDecision: ResumeDecisionKind;
  resumeReason: ResumeReason;
  resumeMessage: string | null;
  parentExecutionId?: null;
  forkedFromExecutionId?: string;
  forkSessionId?: string;
  targetSessionId?: string;
  managedSessionId?: string | null;
  transcriptSourceExecutionId?: string;
};

export type LineageRewrite = {
  /** How the agent is launched. */
  mode: LaunchMode;
  /** Which change to the recorded lineage this is (null: none; its reason is on the row, see above). */
  rewrite: "fresh_with_transcript" | "worktree_gone" | "parent_went_on" | null;
  update: LineageUpdate;
  /** The conversation the turn's transcript is (or would be) made of: its last execution. */
  transcriptSourceId: string | null;
  /** The prompt carries Arbor's transcript (the turn starts a fresh session). */
  carriesTranscript: boolean;
};

export function rewriteLineage(facts: LineageFacts): LineageRewrite {
  const { execution, mode, decision } = facts;
  const transcriptSourceId = execution.parentExecutionId ?? execution.forkedFromExecutionId;
  const update: LineageUpdate = { resumeDecision: decision.kind, resumeReason: decision.reason, resumeMessage: decision.message };
  // Agents that pick their own session ids name the source's session only once it ran: the fork records the one it branches from.
  if (mode.kind === "fork" && mode.fromSessionId !== execution.forkSessionId) update.forkSessionId = mode.fromSessionId;
  const unchanged = { mode, update, transcriptSourceId, carriesTranscript: false };

  if (decision.kind === "fresh_with_transcript") {
    // Recorded as what it now is: a new session branched from its source, carrying the conversation.
    const newSessionId = mode.kind === "fork" && mode.newSessionId ? mode.newSessionId : facts.newSessionId;
    const fromSessionId = mode.kind === "continue" ? mode.sessionId : mode.fromSessionId;
    Object.assign(update, recordedAsFork(transcriptSourceId, fromSessionId, newSessionId));
    if (transcriptSourceId) update.transcriptSourceExecutionId = transcriptSourceId;
    return { ...unchanged, mode: { kind: "new", sessionId: newSessionId }, rewrite: "fresh_with_transcript", carriesTranscript: true };
  }
  if (decision.kind === "fork" && mode.kind === "continue") {
    // Its worktree is gone (worktree_gone): a fork of its parent's session, whose files start from the parent's snapshot.
    Object.assign(update, recordedAsFork(execution.parentExecutionId, mode.sessionId, facts.newSessionId));
    return { ...unchanged, mode: forkOf(mode, facts.newSessionId), rewrite: "worktree_gone" };
  }
  if (mode.kind === "continue" && mode.sessionId !== execution.targetSessionId) {
    // The parent went on in a new session (it carried the transcript): so does this turn, and its Session.
    Object.assign(update, { targetSessionId: mode.sessionId, managedSessionId: facts.parentManagedSessionId });
    return { ...unchanged, rewrite: "parent_went_on" };
  }
  return { ...unchanged, rewrite: null };
}

/**
 * The launch the resume decision judges the installed CLI by, before it is
 * made: a Continue whose worktree is gone will run as a fork (see above), so
 * the CLI must be able to fork.
 */
export function launchToJudge(mode: ResumeMode, files: ResumeFacts["files"], newSessionId: string): ResumeMode {
  return mode.kind === "continue" && worktreeIsGone(files) ? forkOf(mode, newSessionId) : mode;
}

function forkOf(mode: Extract<LaunchMode, { kind: "continue" }>, newSessionId: string): ResumeMode {
  return { kind: "fork", fromSessionId: mode.sessionId, newSessionId, atMessageId: null };
}

/** The lineage columns of a turn recorded as a fork of `sourceId` in a new session (instead of a Continue). */
function recordedAsFork(sourceId: string | null, fromSessionId: string, newSessionId: string): Partial<LineageUpdate> {
  return {
    parentExecutionId: null,
    ...(sourceId ? { forkedFromExecutionId: sourceId } : {}),
    forkSessionId: fromSessionId,
    targetSessionId: newSessionId,
    managedSessionId: null,
  };
}
