import type { FollowUpMode } from "@/lib/executions/schema";

// Execution statuses and error codes, shared by the UI, the CLI and the
// server. The Execution itself is executionSchema in lib/executions/execution-schema.ts.

export const EXECUTION_STATUSES = ["queued", "running", "completed", "failed", "cancelled", "interrupted"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const TERMINAL_STATUSES: ReadonlySet<ExecutionStatus> = new Set(["completed", "failed", "cancelled", "interrupted"]);

/**
 * Every code an execution can end with (executions.error_code), in one list:
 * the agent layer's launch failures, the process exit reasons and the
 * runner's own are all members of it.
 */
export const EXECUTION_ERROR_CODES = [
  /** The agent's binary is not installed / not on PATH, or the agent is unknown. */
  "agent_not_found",
  /** The installed CLI lacks something this launch needs (a flag, a version, a session feature). */
  "agent_unsupported",
  /** Arbor's settings for the agent are invalid (e.g. ARBOR_COMMAND_ARGS is not a JSON array). */
  "agent_misconfigured",
  /** The launch request itself is malformed (e.g. a session id that is not a UUID). */
  "invalid_launch",
  /** The working directory is gone, or not a directory. */
  "cwd_not_found",
  /** The working directory now resolves outside ARBOR_WORKSPACE_ROOTS (checked right before every spawn). */
  "cwd_outside_roots",
  /** Arbor could not make the execution's git worktree (the message says why); nothing of it was left behind. */
  "worktree_failed",
  /** The project's setup script failed in the new worktree (non-zero exit, its time limit, or it could not start); the message carries its output's tail, the worktree is kept for inspection and the agent never started. */
  "setup_failed",
  /** The OS refused to start the process. */
  "spawn_failed",
  /** The agent no longer has the session to resume (expired or deleted transcript). */
  "session_not_found",
  /** The agent reported an error (its result line), or refused the session id. */
  "agent_error",
  /** The agent exited with a non-zero code (or was killed by a signal) without reporting why. */
  "exit_nonzero",
  /** The runner stopped or died while the execution ran; its session is kept (status interrupted). */
  "runner_lost",
  /** The agent exited without the final event it always prints (killed from outside, or cut short); what it did is kept (status interrupted). */
  "no_final_event",
  /** A bug in the runner ended the job; the message says what. */
  "runner_error",
] as const;
export type ExecutionErrorCode = (typeof EXECUTION_ERROR_CODES)[number];

/**
 * How a Continue, Fork or restart related to the agent's session
 * (server/turns/resolve-resume-decision.ts): it resumed the session
 * (`--resume`), forked it (`--resume --fork-session`, maybe at a message), ran
 * in a fresh session whose prompt carries Arbor's transcript of the
 * conversation, or ran fresh without it (a restart the person asked for).
 */
export const RESUME_DECISIONS = ["resume", "fork", "fresh_with_transcript", "fresh"] as const;
export type ResumeDecisionKind = (typeof RESUME_DECISIONS)[number];

/** Why: the guard that refused the resume, or what else decided it. */
export const RESUME_REASONS = [
  /** Every guard passed. */
  "resumable",
  /** Every guard passed; the same executable was upgraded since the session's last turn. */
  "runtime_upgraded",
  /** The person asked for a fresh session. */
  "force_fresh",
  /** The session was made by another agent. */
  "other_agent",
  /** The session is poisoned (context window exceeded, the CLI crashed on resume, or marked by a person). */
  "session_poisoned",
  /** The installed CLI lacks an option the resume needs (its --help probe). */
  "capability_missing",
  /** The session was made by another executable (binary real path). */
  "runtime_changed",
  /** The session's working directory is gone. */
  "cwd_missing",
  /** The agent's transcript of the session is gone (expired or deleted). */
  "transcript_missing",
  /**
   * The conversation resumes, but the worktree its files were in is gone
   * (vanished, or removed by housekeeping): the turn forks the session and
   * starts from the source's snapshot in a fresh worktree.
   */
  "worktree_gone",
  /** A fork of a turn its session has moved past, whose agent recorded no message to branch at (or cannot branch at one). */
  "fork_point_unknown",
  /** The agent rejected the resume at run time; this is Arbor's automatic retry. */
  "resume_rejected",
  /** "Start fresh with the conversation". */
  "restart_with_conversation",
  /** "Start fresh without it". */
  "restart_without_conversation",
] as const;
export type ResumeReason = (typeof RESUME_REASONS)[number];

/**
 * How a turn reached its agent (executions.launch_kind): a new process
 * ("spawn"), the next user message to the session's process kept alive after
 * its previous turn ("warm", server/runner/warm/), delivered into the turn
 * still running on that process ("steer": the agent folded it into that turn,
 * which answers both), or the first message of an agent process the runner
 * started ahead of a new run ("prestarted", server/runner/warm/prestart-pool.ts).
 */
export const LAUNCH_KINDS = ["spawn", "warm", "steer", "prestarted"] as const;
export type LaunchKind = (typeof LAUNCH_KINDS)[number];

/**
 * How a node hangs under its parent: the follow-up that created it
 * ("continue" / "fork"), a restart of a failed execution ("restarted":
 * Start fresh, or Arbor's automatic retry from its transcript), or none.
 */
export type SessionTreeEdge = "root" | FollowUpMode | "restarted";
export const SESSION_TREE_EDGES = ["root", "continue", "fork", "restarted"] as const satisfies readonly SessionTreeEdge[];
