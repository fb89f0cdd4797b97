// Execution statuses and error codes, shared by the UI, the CLI and the
// server. The Execution itself is executionSchema in lib/schemas/execution.ts.

export const EXECUTION_STATUSES = ["queued", "running", "completed", "failed", "cancelled", "interrupted"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const TERMINAL_STATUSES: ReadonlySet<ExecutionStatus> = new Set(["completed", "failed", "cancelled", "interrupted"]);

export type ExecutionErrorCode =
  | "agent_not_found"
  | "agent_unsupported"
  | "session_not_found"
  | "agent_error"
  | "exit_nonzero"
  | "runner_lost"
  | "spawn_failed"
  | (string & {});

export type SessionTreeEdge = "root" | "continue" | "fork";
