import "server-only";
import type { ExecutionStatus } from "@/lib/executions/types";
import type { IssueStatus } from "@/lib/issues/constants";
import type { PoisonReason, SessionSummary } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { transcriptRetentionDays } from "@/server/agents/registry";
import { sessionExpiry } from "@/server/sessions/session-expiry";

type SessionRow = {
  id: string;
  number: number;
  agent: string;
  agent_session_id: string;
  issue_id: string;
  issue_title: string;
  issue_status: IssueStatus;
  title: string;
  description: string;
  archived: boolean;
  parent_session_id: string | null;
  forked_from_execution_id: string | null;
  created_at: Date;
  updated_at: Date;
  last_activity_at: Date;
  latest_status: ExecutionStatus | null;
  execution_count: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  resumed_turns: number;
  cache_read_tokens: number;
  saved_input_tokens: number;
  runtime_path: string | null;
  runtime_version: string | null;
  poisoned_at: Date | null;
  poisoned_reason: PoisonReason | null;
  poisoned_message: string | null;
  transcript_state: "available" | "missing" | null;
  transcript_checked_at: Date | null;
  transcript_bytes: bigint | null;
  transcript_modified_at: Date | null;
  keep_warm: boolean;
  warm_runner_id: string | null;
  warm_pid: number | null;
  warm_until: Date | null;
};

/**
 * Sessions matching `where` (a SQL condition on `s`, the sessions row), most
 * recently active first, each with totals aggregated from its executions.
 */
export async function selectSessions(where: Prisma.Sql, limit: number): Promise<SessionSummary[]> {
  const rows = await prisma.$queryRaw<SessionRow[]>`
    SELECT s.id, s.number, s.agent, s.agent_session_id, s.issue_id,
           i.title AS issue_title, i.status::text AS issue_status,
           s.title, s.description, s.archived, s.parent_session_id,
           s.forked_from_execution_id::text AS forked_from_execution_id,
           s.created_at, s.updated_at,
           GREATEST(s.last_activity_at, COALESCE(a.last_at, s.last_activity_at)) AS last_activity_at,
           a.latest_status,
           COALESCE(a.execution_count, 0)::int AS execution_count,
           COALESCE(a.input_tokens, 0)::float8 AS input_tokens,
           COALESCE(a.output_tokens, 0)::float8 AS output_tokens,
           COALESCE(a.cost_usd, 0)::float8 AS cost_usd,
           COALESCE(a.resumed_turns, 0)::int AS resumed_turns,
           COALESCE(a.cache_read_tokens, 0)::float8 AS cache_read_tokens,
           COALESCE(a.saved_input_tokens, 0)::float8 AS saved_input_tokens,
           s.runtime_path, s.runtime_version, s.poisoned_at, s.poisoned_reason, s.poisoned_message,
           s.transcript_state, s.transcript_checked_at, s.transcript_bytes, s.transcript_modified_at,
           s.keep_warm, s.warm_runner_id, s.warm_pid, s.warm_until
    FROM sessions s
    JOIN issues i ON i.id = s.issue_id
    LEFT JOIN LATERAL (
      SELECT count(*) AS execution_count,
             sum(e.input_tokens) AS input_tokens,
             sum(e.output_tokens) AS output_tokens,
             sum(e.cost_usd) AS cost_usd,
             count(*) FILTER (WHERE e.session_resumed) AS resumed_turns,
             sum(e.cache_read_tokens) AS cache_read_tokens,
             sum(e.transcript_tokens) FILTER (WHERE e.session_resumed) AS saved_input_tokens,
             max(COALESCE(e.finished_at, e.started_at, e.created_at)) AS last_at,
             (array_agg(e.status::text ORDER BY e.created_at DESC, e.id DESC))[1] AS latest_status
      FROM executions e
      WHERE e.managed_session_id = s.id
    ) a ON true
    WHERE ${where}
    ORDER BY last_activity_at DESC, s.number DESC
    LIMIT ${limit}`;
  const now = new Date();
  return rows.map((row) => toSessionSummary(row, now));
}

function toSessionSummary(row: SessionRow, now: Date): SessionSummary {
  const expiry = sessionExpiry(transcriptRetentionDays(row.agent), row.last_activity_at, now);
  return {
    id: row.id,
    number: row.number,
    agent: row.agent,
    agentSessionId: row.agent_session_id,
    issueId: row.issue_id,
    issue: { id: row.issue_id, title: row.issue_title, status: row.issue_status },
    title: row.title,
    description: row.description,
    archived: row.archived,
    parentSessionId: row.parent_session_id,
    forkedFromExecutionId: row.forked_from_execution_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastActivityAt: row.last_activity_at.toISOString(),
    latestStatus: row.latest_status,
    totals: {
      executionCount: Number(row.execution_count),
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      costUsd: Number(row.cost_usd),
      resumedTurns: Number(row.resumed_turns),
      cacheReadTokens: Number(row.cache_read_tokens),
      savedInputTokens: Number(row.saved_input_tokens),
    },
    // A checked transcript is a fact; the age-based guess is only for sessions never checked.
    expiry: row.transcript_state ? { ...expiry, mayHaveExpired: false } : expiry,
    runtime: row.runtime_path ? { path: row.runtime_path, version: row.runtime_version } : null,
    poisoned: row.poisoned_at && row.poisoned_reason ? { reason: row.poisoned_reason, message: row.poisoned_message, at: row.poisoned_at.toISOString() } : null,
    health:
      row.transcript_state && row.transcript_checked_at
        ? {
            state: row.transcript_state,
            checkedAt: row.transcript_checked_at.toISOString(),
            bytes: row.transcript_bytes === null ? null : Number(row.transcript_bytes),
            modifiedAt: row.transcript_modified_at?.toISOString() ?? null,
          }
        : null,
    keepWarm: row.keep_warm,
    // Past its idle window it is closed (or its runner died): not warm, whatever the row still says.
    warm:
      row.warm_runner_id && row.warm_until && row.warm_until > now
        ? { runnerId: row.warm_runner_id, pid: row.warm_pid, until: row.warm_until.toISOString() }
        : null,
  };
}

/** `ILIKE` pattern for "contains q", with LIKE wildcards in q matched literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, "\\$&")}%`;
}
