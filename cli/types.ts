// The API shapes the CLI reads (the server's own types are in
// lib/execution-types.ts and lib/log-entries.ts; the CLI keeps its own loose
// copies so it depends on nothing but HTTP). Everything is treated defensively at runtime:
// fields may be missing or null, and unknown log entry kinds are printed
// generically.

export type ExecutionStatus = "queued" | "running" | "completed" | "failed" | "cancelled" | "interrupted";

export const TERMINAL_STATUSES: readonly string[] = ["completed", "failed", "cancelled", "interrupted"];

export interface Usage {
  inputTokens?: number | null;
  outputTokens?: number | null;
  cacheReadTokens?: number | null;
  cacheCreationTokens?: number | null;
  costUsd?: number | null;
  durationMs?: number | null;
  numTurns?: number | null;
}

export interface Execution {
  id: string;
  issueId?: string | null;
  agent?: string | null;
  prompt?: string | null;
  cwd?: string | null;
  status?: ExecutionStatus | string | null;
  sessionId?: string | null;
  parentExecutionId?: string | null;
  forkedFromExecutionId?: string | null;
  forkSessionId?: string | null;
  /** Set by a Restart: the execution this one re-runs. */
  restartedFromExecutionId?: string | null;
  /** Set while a Continue waits for an earlier turn of the same session. */
  waitingForExecutionId?: string | null;
  /** How the turn relates to the agent's session: resume, fork, fresh_with_transcript, fresh. */
  resume?: { decision?: string | null; reason?: string | null; message?: string | null; transcriptSourceExecutionId?: string | null } | null;
  forceFresh?: boolean | null;
  error?: { code?: string | null; message?: string | null } | null;
  usage?: Usage | null;
  telemetry?: { sessionResumed?: boolean | null; transcriptTokens?: number | null; savedInputTokens?: number | null } | null;
  createdAt?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
}

export type TreeEdge = "root" | "continue" | "fork" | "restarted";

export interface TreeNode extends Execution {
  edge?: TreeEdge | string | null;
  /** Server-computed chain head (computed here when absent). */
  isHead?: boolean | null;
  children?: TreeNode[] | null;
}

export type LogEntry =
  | { kind: "assistant_text"; text?: string }
  | { kind: "thinking"; text?: string }
  | { kind: "tool_call"; tool?: string; input?: unknown; summary?: string }
  | { kind: "tool_result"; content?: unknown; isError?: boolean }
  | { kind: "user_message"; text?: string }
  | { kind: "system_init"; model?: string; cwd?: string }
  | { kind: "result"; isError?: boolean; text?: string; costUsd?: number; usage?: unknown; durationMs?: number; numTurns?: number }
  | { kind: "error"; message?: string }
  | { kind: "stderr"; text?: string }
  | { kind: "unparsed"; raw?: unknown }
  | { kind: "text"; text?: string };

/** `event: entry` payload. */
export interface EntryEventData {
  seq?: number;
  entries?: unknown[];
}
