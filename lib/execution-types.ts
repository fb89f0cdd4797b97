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

/** The git worktree an execution ran in: its own line of work, branched from a commit. */
export type ExecutionWorktree = {
  path: string;
  /** "arbor/ISSUE-3/1f2e3d4c" */
  branch: string | null;
  /** present: on disk; missing: its directory vanished; removed: cleaned up by housekeeping. */
  state: "present" | "missing" | "removed" | null;
  /** The commit it started from. */
  startSha: string | null;
  /** The commit of the worktree's state when it ended; null until then. */
  snapshotSha: string | null;
};

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
  runnerId: string | null;
  /** The project it ran in ("PROJ-2"), or null: the default workspace. */
  projectId: string | null;
  /** It ran in the project's directory itself, by the person's choice, not in a worktree of its own. */
  sharedDirectory: boolean;
  /** Its own worktree, once the runner made one (git projects). */
  worktree: ExecutionWorktree | null;
  error: { code: ExecutionErrorCode; message: string } | null;
  usage: { inputTokens: number; outputTokens: number; costUsd: number; durationMs: number | null; numTurns: number | null } | null;
  eventCount: number;
  /** Set while a Continue waits for an earlier turn of the same session. */
  waitingForExecutionId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** How a node hangs under its parent: the follow-up that created it ("continue" / "fork"), or none. */
export type SessionTreeEdge = "root" | FollowUpMode;
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
