// Sessions as the API returns them (GET /api/sessions, /api/sessions/:ref).
// Shared by the UI, the CLI's loose copies and the server's serializer.
import type { ExecutionDto, ExecutionStatus, RuntimeFingerprint } from "@/lib/execution-types";
import type { IssueStatus } from "@/lib/schemas/issue";

export type SessionTotals = {
  executionCount: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Turns that ran on the agent's resumed session. */
  resumedTurns: number;
  /** Prompt-cache reads over all turns (counted in inputTokens too). */
  cacheReadTokens: number;
  /**
   * What resume saved: the estimated tokens of Arbor's transcript that its
   * resumed turns would otherwise have had to send. Tokens only: Arbor keeps
   * no model prices, so it never puts a dollar figure on it.
   */
  savedInputTokens: number;
};

/** Why resuming a session is pointless; its later turns go fresh with Arbor's transcript. */
export const POISON_REASONS = ["context_window_exceeded", "resume_failed", "marked_by_person"] as const;
export type PoisonReason = (typeof POISON_REASONS)[number];

export type SessionPoison = { reason: PoisonReason; message: string | null; at: string };

/**
 * The agent's transcript of the session as its runner last saw it (a stat,
 * never a read): a fact, where `expiry` is a guess from age.
 */
export type SessionHealth = { state: "available" | "missing"; checkedAt: string; bytes: number | null; modifiedAt: string | null };

export type SessionExpiry = {
  /** How long the agent keeps transcripts after their last use; null when unknown. */
  retentionDays: number | null;
  /** When the transcript is due to be deleted if unused (null when unknown). */
  expiresAt: string | null;
  /**
   * Last activity is older than the retention, so the transcript may be gone
   * (a Continue then carries Arbor's transcript). False once `health` knows.
   */
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
  /** The agent binary of its latest captured turn. */
  runtime: RuntimeFingerprint | null;
  poisoned: SessionPoison | null;
  /** Null: never checked, or the agent keeps no transcript Arbor can find. */
  health: SessionHealth | null;
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
