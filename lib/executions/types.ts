import type { FollowUpMode } from "@/lib/executions/schema";

// Execution statuses and error codes, shared by the UI, the CLI and the
// server. The Execution itself is executionSchema in lib/executions/schema.ts.

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
  /** A bug in the runner ended the job; the message says what. */
  "runner_error",
] as const;
export type ExecutionErrorCode = (typeof EXECUTION_ERROR_CODES)[number];

/** How a node hangs under its parent: the follow-up that created it ("continue" / "fork"), or none. */
export type SessionTreeEdge = "root" | FollowUpMode;
