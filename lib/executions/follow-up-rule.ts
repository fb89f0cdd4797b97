// What a Continue or Fork is recorded as, given what is known about its
// source: the rule server/executions/resolve-launch-mode.ts (resolveFollowUp)
// applies when it records one, pure, so the follow-up form can say it before
// anything is sent. A Continue stays a continue only on the session's head
// (its latest turn); on an earlier turn, or when the session cannot be
// resumed, or when the source's worktree is gone, it is recorded as a fork.
import type { FollowUpMode } from "@/lib/executions/schema";

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
