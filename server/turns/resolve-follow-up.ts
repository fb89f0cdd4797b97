import { followUpEdge, followUpReason, type FollowUpReason } from "@/lib/executions/follow-up-rules";
import type { ExecutionStatus } from "@/lib/executions/types";
import type { FollowUpMode } from "@/lib/executions/schema";
import { firstRefusal, type Guard } from "@/server/turns/guards";
import { resolveResumeDecision, type ResumeDecision, type ResumeFacts } from "@/server/turns/resolve-resume-decision";

// When a person asks to Continue or Fork an execution: what is recorded (the
// edge, the session, the lineage columns) and where the job queues. Pure:
// server/executions/branch-execution.ts gathers the facts (the head under the
// per-session lock, so the head it sees is the head it records against) and
// stores the plan. It consults the resume decision (resolve-resume-decision.ts)
// with what the API knows; the runner consults it again with what it knows
// (server/runner/turn/plan-turn.ts). The follow-up form says the same rules
// before anything is sent (lib/executions/follow-up-rules.ts).

export type FollowUpSource = {
  id: string;
  status: ExecutionStatus;
  /** The agent session the source ran in (sessionOf in session-head.ts), null when it has none. */
  session: string | null;
  runnerId: string | null;
  errorCode: string | null;
  managedSessionId: string | null;
  /** The execution that re-ran its turn from Arbor's transcript (after its resume was rejected), if any. */
  restartedAs?: string | null;
};

export type FollowUpFacts = {
  requested: FollowUpMode;
  /** The agent the source ran: an agent without sessions has nothing to continue or fork (absent: assume it has). */
  agent?: { name: string; hasSessions: boolean };
  /** The person asked for a fresh session carrying Arbor's transcript. */
  forceFresh: boolean;
  source: FollowUpSource;
  /** What the API knows about the session to resume (null: the source has none). */
  resume: Omit<ResumeFacts, "requested" | "forceFresh"> | null;
  /** The runner whose disk holds the session (null: no such runner row); `draining`: it takes no new turns. */
  runner: { id: string; hostname: string; alive: boolean; draining?: boolean } | null;
  /**
   * When that runner cannot take the turn (offline or draining): whether
   * another live runner has the turn's agent, so it can take it, restoring the
   * session's state and its files there (issue 24). Null: not asked.
   */
  elsewhere?: { agentName: string; available: boolean; runnerId?: string | null } | null;
  /** The id of the session's head (its latest turn), read under the session's lock. */
  headId: string | null;
  /** The id a new session would get (minted by the caller). */
  newSessionId: string;
};

export type FollowUpRefusal = {
  reason: "agent_has_no_sessions" | "no_session" | "session_not_found" | "not_started" | "runner_unavailable";
  message: string;
  details: Record<string, unknown>;
};

/** What to record and where to queue it. */
export type FollowUpPlan = {
  /** The edge the new execution hangs under its source by. */
  edge: FollowUpMode;
  /**
   * fresh_with_transcript: the session cannot be resumed (the resume
   * decision says why), so the turn is recorded as a fork of the source whose
   * new session gets Arbor's transcript of the conversation instead.
   */
  /**
   * worktree_gone: a Continue whose source's worktree is gone (the resume
   * decision says so) forks instead, starting from its snapshot in a fresh worktree.
   */
  reason: FollowUpReason;
  /** The resume decision as the API sees it; the runner decides again right before the launch. */
  resume: ResumeDecision;
  /** Set for a transcript-primed turn: the conversation it carries ends with this execution. */
  transcriptSourceExecutionId: string | null;
  targetSessionId: string;
  parentExecutionId: string | null;
  forkedFromExecutionId: string | null;
  forkSessionId: string | null;
  managedSessionId: string | null;
  queue: {
    /** Only this runner has the session on its disk (null: any runner, for a transcript-primed turn whose runner is gone). */
    runnerId: string | null;
    /** The queue the job is named after: the new execution's own session. */
    sessionId: string;
    /** An unfinished execution the job must not start before (it joins that job's queue). */
    after: string | null;
  };
};

export type FollowUpDecision = { ok: true; plan: FollowUpPlan } | { ok: false; refusal: FollowUpRefusal };

const holdsTurns = (runner: FollowUpFacts["runner"]) => Boolean(runner?.alive && !runner.draining);
const verb = (mode: FollowUpMode) => (mode === "fork" ? "forked" : "continued");
const isUnfinished = (status: ExecutionStatus) => status === "queued" || status === "running";

type GuardedFollowUp = FollowUpFacts & { freshWithTranscript: boolean };

const FOLLOW_UP_GUARDS: readonly Guard<GuardedFollowUp, FollowUpRefusal>[] = [
  function agentHasSessions({ agent, source, requested }) {
    if (!agent || agent.hasSessions) return null;
    return {
      reason: "agent_has_no_sessions",
      message: `${agent.name} has no sessions (it cannot resume one), so execution ${source.id} cannot be ${verb(requested)}. Run a new execution instead.`,
      details: { reason: "agent_has_no_sessions", capability: "resume-by-id", canStartFresh: false },
    };
  },
  function hasSession({ source, requested }) {
    if (source.session) return null;
    if (source.errorCode === "session_not_found") {
      const next = source.restartedAs
        ? `Arbor already re-ran its turn from its own transcript in execution ${source.restartedAs}: ${requested} that one.`
        : "Start fresh with the conversation to run its prompt in a new session that carries Arbor's transcript.";
      return {
        reason: "session_not_found",
        message: `The agent no longer has the session of execution ${source.id} (expired or deleted transcript), so it cannot be ${verb(requested)}. ${next}`,
        details: { reason: "session_not_found", canStartFresh: true, restartedAs: source.restartedAs ?? null },
      };
    }
    return {
      reason: "no_session",
      message: `Execution ${source.id} has no agent session to ${requested}${source.status === "failed" ? " (it failed before the agent reported one)" : ""}.`,
      details: { reason: "no_session", canStartFresh: !isUnfinished(source.status) },
    };
  },
  function hasStarted({ source, requested }) {
    // A turn queued for any runner (its session's runner was gone) has no runner yet, but its session is known.
    if (source.runnerId || (source.status === "queued" && source.session)) return null;
    return {
      reason: "not_started",
      message: `Execution ${source.id} has not started yet; ${requested} it once it is running`,
      details: { reason: "not_started" },
    };
  },
  function runnerAvailable({ source, runner, requested, freshWithTranscript, elsewhere }) {
    // A transcript-primed turn needs no agent session on any disk: any runner can take it. Nor does a
    // session another runner can restore (server/session-state/): the state and files move with it.
    if (holdsTurns(runner) || freshWithTranscript || elsewhere?.available) return null;
    // Its source waits for any runner: this turn waits behind it, for any runner too.
    if (!source.runnerId) return null;
    const state = runner?.alive ? "draining (it takes no new turns)" : "offline";
    const agentName = elsewhere?.agentName ?? "its agent";
    return {
      reason: "runner_unavailable",
      message: `The session lives on runner ${source.runnerId}${runner ? ` (${runner.hostname})` : ""}, which is ${state}, and no other live runner has ${agentName}. Start a runner with ${agentName} (npm start or npm run runner) to ${requested} this session there, or ask for a fresh session (it carries Arbor's transcript of the conversation, on any runner).`,
      details: { reason: "runner_unavailable", runnerId: source.runnerId, canStartFresh: true, canForceFresh: true },
    };
  },
];

/**
 * Continue on the session's head: the session's next turn (`--resume`).
 * Fork, or Continue on a turn the session has since moved past: a new session
 * branched from the source's own last message, so the agent sees exactly the
 * conversation the tree shows. Either way the job runs on the runner that
 * holds the transcript, in the source's cwd.
 * When the resume decision already says the session cannot be resumed
 * (force-fresh, poisoned, transcript known to be gone, another agent), the
 * turn is recorded as a fork whose new session carries Arbor's transcript of
 * the conversation up to the source, and the person is told why.
 */
export function resolveFollowUp(facts: FollowUpFacts): FollowUpDecision {
  const { source, requested } = facts;
  const resume: ResumeDecision = facts.resume
    ? resolveResumeDecision({ ...facts.resume, requested, forceFresh: facts.forceFresh })
    : { kind: requested === "fork" ? "fork" : "resume", reason: "resumable", message: null };
  const freshWithTranscript = resume.kind === "fresh_with_transcript";
  const refusal = firstRefusal(FOLLOW_UP_GUARDS, { ...facts, freshWithTranscript });
  if (refusal) return { ok: false, refusal };
  const session = source.session!;
  // The one rule the follow-up form also says up front (lib/executions/follow-up-rules.ts).
  const reason = followUpReason({ requested, isHead: facts.headId === source.id, freshWithTranscript, worktreeGone: resume.reason === "worktree_gone" });
  const edge: FollowUpMode = followUpEdge(reason);
  const targetSessionId = edge === "continue" ? session : facts.newSessionId;
  return {
    ok: true,
    plan: {
      edge,
      reason,
      resume,
      transcriptSourceExecutionId: freshWithTranscript ? source.id : null,
      targetSessionId,
      parentExecutionId: edge === "continue" ? source.id : null,
      forkedFromExecutionId: edge === "fork" ? source.id : null,
      forkSessionId: edge === "fork" ? session : null,
      // A Continue is a turn of the source's Session (SESS-n) from the start; a
      // Fork's Session is created when its new agent session id is captured.
      managedSessionId: edge === "continue" ? source.managedSessionId : null,
      queue: {
        // The runner holding the session's process or worktree while it takes turns (the fast path); else another
        // runner with the agent (the least busy), which restores the session's state and files first.
        runnerId: holdsTurns(facts.runner) ? source.runnerId : (facts.elsewhere?.runnerId ?? null),
        sessionId: targetSessionId,
        // A continue waits for the previous turn (the source, as the head) if
        // that has not finished. A fork only needs its source finished (to know
        // its last message); once it is, the fork runs alongside the original.
        after: isUnfinished(source.status) ? source.id : null,
      },
    },
  };
}
