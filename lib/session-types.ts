// Sessions as the API returns them (GET /api/sessions, /api/sessions/:ref).
// Shared by the UI, the CLI's loose copies and the server's serializer.
import type { ExecutionDto, ExecutionStatus } from "@/lib/execution-types";
import type { IssueStatus } from "@/lib/schemas/issue";

export type SessionTotals = {
  executionCount: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

export type SessionExpiry = {
  /** How long the agent keeps transcripts after their last use; null when unknown. */
  retentionDays: number | null;
  /** When the transcript is due to be deleted if unused (null when unknown). */
  expiresAt: string | null;
  /** Last activity is older than the retention: a Continue or Fork may fail with "session not found". */
  mayHaveExpired: boolean;
};

export type SessionSummary = {
  id: string; // "SESS-42"
  number: number;
  agent: string;
  /** The agent's own session id (e.g. Claude's uuid). */
  agentSessionId: string;
  issueId: string;
  issue: { id: string; title: string; status: IssueStatus };
  title: string;
  description: string;
  archived: boolean;
  /** The session a fork came from, and the execution it branched at. */
  parentSessionId: string | null;
  forkedFromExecutionId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Latest of: the last captured turn, the last start or finish of any of its executions. */
  lastActivityAt: string;
  /** Status of its most recent execution. */
  latestStatus: ExecutionStatus | null;
  totals: SessionTotals;
  expiry: SessionExpiry;
};

export type SessionLink = { id: string; title: string; archived: boolean; lastActivityAt: string; forkedFromExecutionId: string | null };

export type SessionDetail = SessionSummary & {
  /** Its executions (turns), oldest first. */
  executions: ExecutionDto[];
  /** The turn a Continue or Fork from this session starts from (its latest turn). */
  headExecutionId: string | null;
  head: ExecutionDto | null;
  parentSession: SessionLink | null;
  /** Sessions forked from this one. */
  childSessions: SessionLink[];
};

export const SESSION_ARCHIVED_FILTERS = ["false", "true", "all"] as const;
export type SessionArchivedFilter = (typeof SESSION_ARCHIVED_FILTERS)[number];
