import type { RuntimeFingerprint } from "@/lib/executions/schema";
import type { FollowUpMode } from "@/lib/executions/schema";
import { POISON_TEXT } from "@/lib/sessions/resume-text";
import type { SessionCapability } from "@/lib/agents/schema";
import type { PoisonReason } from "@/lib/sessions/schema";
import { firstRefusal, type Guard } from "@/server/turns/guards";

// The guarded resume decision (seed 000): whether a Continue, Fork or bundle
// load resumes the agent's own session (by id; a fork by id, maybe at a
// message) or starts a fresh session whose prompt carries Arbor's transcript
// of the conversation. Resume is best-effort; every refusal falls back to the
// transcript, so the worst case is a transcript run, never a context-free one.
//
// Pure, in the shape of every rule here (guards.ts): plain facts in, a decision and
// its reason out, guards in order, the first refusal wins. It runs where the
// facts are:
// - the API (resolveFollowUp, when a Continue/Fork is recorded) knows what the
//   person asked, the agents, whether the session is poisoned and its last
//   known health, and leaves the runner's facts unknown (null): a refusal
//   there is told to the person up front and recorded;
// - the runner (plan-turn.ts, right before the launch) knows them all: the
//   installed CLI's probe and real path, whether the session's cwd and
//   transcript exist now.
// An unknown fact (null) never refuses.

export type FreshReason =
  | "force_fresh"
  | "other_agent"
  | "session_poisoned"
  | "capability_missing"
  | "fork_point_unknown"
  | "runtime_changed"
  | "cwd_missing"
  | "transcript_missing";

export type ResumeFacts = {
  /** What resuming would do: continue the session, or fork it. */
  requested: FollowUpMode;
  /** The person asked for a fresh session. */
  forceFresh: boolean;
  /** The agent that runs the turn. */
  agent: string;
  /** The session to resume, as Arbor recorded it. */
  session: {
    /** The agent that created it. */
    agent: string;
    /** The binary that made its latest turn (null: recorded before fingerprints). */
    runtime: RuntimeFingerprint | null;
    poisoned: { reason: PoisonReason; message: string | null } | null;
    /** The agent's transcript, as last checked (null: unknown, or the agent keeps none Arbor can find). */
    transcript: "available" | "missing" | null;
    /** The working directory it was created in. */
    cwd: string;
    /** Runner only: whether that directory still exists. */
    cwdExists: boolean | null;
  };
  /**
   * The files of the line of work the turn goes on from, when it ran in a git
   * worktree of its own (null or absent: it did not, or unknown). The turn
   * runs in that worktree (a Continue) or in a fresh one from its snapshot (a
   * Fork), so the session's own cwd being gone does not stop a resume.
   */
  files?: {
    /** The source's worktree: present, missing (its directory vanished) or removed (housekeeping). */
    worktree: "present" | "missing" | "removed";
    /** The source's snapshot, where a fresh worktree starts (null: none was taken). */
    snapshotSha: string | null;
  } | null;
  /**
   * What the agent that runs the turn says it can do with sessions (its
   * definition, known everywhere; absent or null: unknown). An agent without a
   * fork of its own forks by starting a session that carries the transcript.
   */
  declared?: { agentName: string; capabilities: readonly SessionCapability[] } | null;
  /**
   * Runner only, for a fork: where it branches. "session_end" (the session has
   * not moved on), "message" (an earlier point, at the source's last message),
   * "unknown" (an earlier point, but the agent recorded no message there).
   */
  forkPoint?: "session_end" | "message" | "unknown" | null;
  /** Runner only: the CLI that would run the resume. */
  installed: {
    runtime: RuntimeFingerprint;
    /** Why this CLI cannot launch the resume (an option its --help lacks), or null when it can. */
    cannotResume: string | null;
  } | null;
};

export type ResumeDecision =
  | {
      kind: "resume" | "fork";
      /**
       * runtime_upgraded: the same executable has a new version since the session's latest turn (allowed, recorded);
       * worktree_gone: the source's worktree is gone, so the turn forks and starts from its snapshot in a fresh worktree.
       */
      reason: "resumable" | "runtime_upgraded" | "worktree_gone";
      message: string | null;
    }
  | { kind: "fresh_with_transcript"; reason: FreshReason; message: string };

type Refusal = { reason: FreshReason; message: string };

const FALLBACK = "so this turn starts a fresh session that carries Arbor's transcript of the conversation";

const fingerprint = (runtime: RuntimeFingerprint) => `${runtime.path}${runtime.version ? ` (${runtime.version})` : ""}`;

/** The guards, in order; each is exported alone for its test. */
export const RESUME_GUARDS = {
  forceFresh: ((facts) => (facts.forceFresh ? { reason: "force_fresh", message: `A fresh session was asked for, ${FALLBACK}.` } : null)) as Guard<
    ResumeFacts,
    Refusal
  >,

  sameAgent: ((facts) =>
    facts.session.agent === facts.agent
      ? null
      : {
          reason: "other_agent",
          message: `The session was made by ${facts.session.agent}, and only the agent that made a session resumes it, ${FALLBACK}.`,
        }) as Guard<ResumeFacts, Refusal>,

  notPoisoned: ((facts) => {
    const poisoned = facts.session.poisoned;
    if (!poisoned) return null;
    const note = poisoned.message ? `: ${poisoned.message}` : "";
    return { reason: "session_poisoned", message: `The session is poisoned (${POISON_TEXT[poisoned.reason]}${note}), ${FALLBACK}.` };
  }) as Guard<ResumeFacts, Refusal>,

  capable: ((facts) => {
    const declared = facts.declared;
    if (declared) {
      // A Continue whose worktree is gone runs as a fork (worktreeGone below).
      const needed = facts.requested === "fork" || worktreeIsGone(facts.files) ? "fork" : "resume-by-id";
      if (!declared.capabilities.includes(needed)) {
        const what = facts.requested === "fork" ? "fork a session of its own" : "resume a session";
        return { reason: "capability_missing", message: `${declared.agentName} cannot ${what}, ${FALLBACK}.` };
      }
    }
    if (declared && facts.requested === "fork" && facts.forkPoint === "message" && !declared.capabilities.includes("fork-at-message")) {
      return {
        reason: "capability_missing",
        message: `${declared.agentName} cannot fork at an earlier point of a session that has moved on since, ${FALLBACK} up to that point.`,
      };
    }
    const why = facts.installed?.cannotResume;
    return why
      ? { reason: "capability_missing", message: `The installed CLI cannot ${facts.requested === "fork" ? "fork" : "resume"} a session (${why}), ${FALLBACK}.` }
      : null;
  }) as Guard<ResumeFacts, Refusal>,

  forkPointKnown: ((facts) =>
    facts.requested === "fork" && facts.forkPoint === "unknown"
      ? {
          reason: "fork_point_unknown",
          message: `The session has moved on past this point and its agent recorded no message to branch at, ${FALLBACK} up to that point.`,
        }
      : null) as Guard<ResumeFacts, Refusal>,

  sameRuntime: ((facts) => {
    const recorded = facts.session.runtime;
    const installed = facts.installed?.runtime;
    if (!recorded || !installed || recorded.path === installed.path) return null;
    return {
      reason: "runtime_changed",
      message: `The session was made by ${fingerprint(recorded)}, and this runner now runs ${fingerprint(installed)}: another executable never resumes it, ${FALLBACK}.`,
    };
  }) as Guard<ResumeFacts, Refusal>,

  cwdExists: ((facts) =>
    facts.session.cwdExists === false && !facts.files
      ? { reason: "cwd_missing", message: `The session's working directory ${facts.session.cwd} no longer exists, ${FALLBACK}.` }
      : null) as Guard<ResumeFacts, Refusal>,

  transcriptExists: ((facts) =>
    facts.session.transcript === "missing"
      ? { reason: "transcript_missing", message: `The agent's transcript of the session is gone (expired or deleted), ${FALLBACK}.` }
      : null) as Guard<ResumeFacts, Refusal>,
} as const;

const GUARDS: readonly Guard<ResumeFacts, Refusal>[] = [
  RESUME_GUARDS.forceFresh,
  RESUME_GUARDS.sameAgent,
  RESUME_GUARDS.notPoisoned,
  RESUME_GUARDS.capable,
  RESUME_GUARDS.forkPointKnown,
  RESUME_GUARDS.sameRuntime,
  RESUME_GUARDS.cwdExists,
  RESUME_GUARDS.transcriptExists,
];

export function resolveResumeDecision(facts: ResumeFacts): ResumeDecision {
  const refusal = firstRefusal(GUARDS, facts);
  if (refusal) return { kind: "fresh_with_transcript", ...refusal };
  const gone = worktreeGone(facts);
  if (gone) return gone;
  const kind = facts.requested === "fork" ? "fork" : "resume";
  const recorded = facts.session.runtime;
  const installed = facts.installed?.runtime;
  if (recorded?.version && installed?.version && recorded.version !== installed.version) {
    return {
      kind,
      reason: "runtime_upgraded",
      message: `The CLI at ${installed.path} changed version since the session's last turn (${recorded.version} → ${installed.version}); the same executable resumes it.`,
    };
  }
  return { kind, reason: "resumable", message: null };
}

/**
 * The conversation can be resumed, but the worktree its files were in is gone:
 * the turn forks the session (a Continue too: it cannot go on in files that
 * are no longer there) and starts from the source's snapshot in a fresh
 * worktree, and says so.
 */
function worktreeGone(facts: ResumeFacts): ResumeDecision | null {
  const files = facts.files;
  if (!files || !worktreeIsGone(files)) return null;
  const how = files.worktree === "removed" ? "was removed by housekeeping" : "vanished from disk";
  const from = files.snapshotSha ? `its snapshot ${files.snapshotSha.slice(0, 8)}` : "the commit it started from (no snapshot was taken before it vanished)";
  const what = facts.requested === "fork" ? "The fork" : "So this turn forks the conversation instead of continuing it, and";
  return {
    kind: "fork",
    reason: "worktree_gone",
    message: `The worktree of this line of work ${how}. ${what} starts from ${from} in a fresh worktree.`,
  };
}

/** The line of work ran in a worktree of its own that is no longer there (vanished, or removed by housekeeping). */
export function worktreeIsGone(files: ResumeFacts["files"]): boolean {
  return files != null && files.worktree !== "present";
}
