import type { FollowUpMode } from "@/lib/schemas/execution";

// The Execution as the API returns it (GET /api/executions/:id). Shared by the
// UI, the CLI and the server's serializer.

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

/**
 * How a Continue, Fork or restart related to the agent's session
 * (server/executions/resolve-resume-decision.ts): it resumed the session
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
  /** The agent rejected the resume at run time; this is Arbor's automatic retry. */
  "resume_rejected",
  /** "Start fresh with the conversation". */
  "restart_with_conversation",
  /** "Start fresh without it". */
  "restart_without_conversation",
] as const;
export type ResumeReason = (typeof RESUME_REASONS)[number];

export type ResumeInfo = {
  decision: ResumeDecisionKind;
  reason: ResumeReason;
  /** The sentence the UI shows (null when there is nothing to say). */
  message: string | null;
  /** A transcript-primed turn carries the conversation up to and including this execution. */
  transcriptSourceExecutionId: string | null;
};

/** The agent binary that ran a turn (or made a session): its real path and version. */
export type RuntimeFingerprint = { path: string; version: string | null };

/**
 * What resume saved on a turn. savedInputTokens: the estimated tokens of the
 * transcript a non-resumed turn would have had to send, on a turn that ran
 * on the agent's resumed session (null otherwise).
 */
export type ResumeTelemetry = { sessionResumed: boolean | null; transcriptTokens: number | null; savedInputTokens: number | null };

export type ExecutionDto = {
  id: string;
  issueId: string;
  agent: string;
  prompt: string;
  cwd: string;
  status: ExecutionStatus;
  sessionId: string | null;
  sessionConfirmed: boolean;
  /** The Arbor session (SESS-n) this execution is a turn of, once known. */
  managedSessionId: string | null;
  /** Cited specs/issues whose text was added to what the agent received (once per conversation). */
  expandedReferences: string[];
  parentExecutionId: string | null;
  forkedFromExecutionId: string | null;
  forkSessionId: string | null;
  resumeAtMessageId: string | null;
  restartedFromExecutionId: string | null;
  /** The person asked for a fresh session (carrying Arbor's transcript) instead of a resume. */
  forceFresh: boolean;
  /** How this turn relates to the agent's session, once decided (null: a new run). */
  resume: ResumeInfo | null;
  runtime: RuntimeFingerprint | null;
  runnerId: string | null;
  error: { code: ExecutionErrorCode; message: string } | null;
  /** inputTokens counts all input, prompt-cache reads and writes included. */
  usage: {
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number | null;
    cacheCreationTokens: number | null;
    costUsd: number;
    durationMs: number | null;
    numTurns: number | null;
  } | null;
  telemetry: ResumeTelemetry;
  eventCount: number;
  /** Set while a Continue waits for an earlier turn of the same session. */
  waitingForExecutionId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/**
 * How a node hangs under its parent: the follow-up that created it
 * ("continue" / "fork"), a restart of a failed execution ("restarted":
 * Start fresh, or Arbor's automatic retry from its transcript), or none.
 */
export type SessionTreeEdge = "root" | FollowUpMode | "restarted";
export type SessionTreeNode = ExecutionDto & { edge: SessionTreeEdge; isHead: boolean; children: SessionTreeNode[] };

/** GET /api/executions filters (the home page's "running" and "recent" lists). */
export type ExecutionListParams = {
  /** One status or several, comma-separated ("queued,running"). */
  status?: string;
  issueId?: string;
  limit?: number;
};

/** An execution in a cross-issue list, with its issue's title. */
export type ExecutionListItem = ExecutionDto & { issueTitle: string };

/** What an execution did, read from its log: the compare page's material. */
export type ExecutionSummary = {
  executionId: string;
  /** The last result line's text (the agent's final answer), if any. */
  finalAnswer: string | null;
  finalIsError: boolean;
  /** Tool name → number of calls, most used first. */
  tools: { tool: string; count: number }[];
  /** Files the agent read, wrote or edited, in first-touch order. */
  files: { path: string; actions: ("read" | "write" | "edit")[] }[];
  /** Commands it ran (Bash), first 50. */
  commands: string[];
  errorCount: number;
  entryCount: number;
};
