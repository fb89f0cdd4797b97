import "server-only";
import { z } from "zod";
import { text } from "@/lib/schemas/text";
import { executionStatusesParam } from "@/lib/executions/schema";
import { Prisma } from "@/server/generated/prisma/client";
import { listAgents } from "@/server/agents/registry";
import { OUTCOME_SIGNALS, verdictSql } from "@/server/outcomes/outcome-signals";

// The conditions a number adds to its scope, as executions-list parameters:
// the numerator and denominator of each Insights figure are the scope plus
// some of these (e.g. capture rate: `finished=yes&sessionAgents=yes` of which
// `captured=yes`). One table, read by both sides, so a link always lists
// exactly what was counted. SQL is over
//   execution_facts x JOIN issues i ON i.id = x.issue_id LEFT JOIN marks (MARK_JOINS)

const yes = z.enum(["yes", "no"], { error: "use yes or no" }).optional();

/** Statuses whose run is over and says something about the agent (cancelled runs were stopped by a person). */
export const FINISHED = ["completed", "failed", "interrupted"] as const;

export const drillShape = {
  /** One status or several, comma-separated ("queued,running"); also the plain executions list's filter. */
  status: executionStatusesParam,
  finished: yes,
  captured: yes,
  /** Only agents that have sessions (the capture rate's denominator). */
  sessionAgents: yes,
  /** Continues and forks. */
  resumed: yes,
  /** Both start and session-capture times recorded. */
  timed: yes,
  /** judged: worked or failed; none: neither. */
  verdict: z.enum(["worked", "failed", "judged", "none"], { error: "verdict must be worked, failed, judged or none" }).optional(),
  signal: text()
    .optional()
    .refine((raw) => raw === undefined || OUTCOME_SIGNALS.some((s) => s.id === raw), `signal must be one of ${OUTCOME_SIGNALS.map((s) => s.id).join(", ")}`),
  /** "none": failed without an error code. */
  errorCode: text()
    .trim()
    .regex(/^[a-z0-9_]{1,64}$/, "errorCode looks like agent_error")
    .optional(),
  /** Executions that were forked from; `preference` says what was chosen there. */
  branchPoint: yes,
  /** decided: fork or original. */
  preference: z.enum(["fork", "original", "decided", "none"], { error: "preference must be fork, original, decided or none" }).optional(),
  /** Executions of sessions that a spec cites. */
  citedBySpec: yes,
  /** Executions that read at least one session (SESS-n) through Arbor's MCP server. */
  consultedSessions: yes,
  /** Completed with nothing refused: the success Insights counts. */
  succeeded: yes,
};

export type DrillInput = { [K in keyof typeof drillShape]?: z.output<(typeof drillShape)[K]> };

function sessionlessAgents(): string[] {
  return listAgents()
    .filter((a) => a.sessionCapabilities.length === 0)
    .map((a) => a.id);
}

/** Executions of agents that have sessions (unknown agents count as having them). */
export function sessionAgentsSql(): Prisma.Sql {
  const none = sessionlessAgents();
  return none.length ? Prisma.sql`x.agent <> ALL(${none}::text[])` : Prisma.sql`TRUE`;
}

export const FINISHED_SQL = Prisma.sql`x.status IN ('completed', 'failed', 'interrupted')`;
export const RESUMED_SQL = Prisma.sql`x.lineage IN ('continue', 'fork')`;
export const BRANCH_POINT_SQL = Prisma.sql`x.execution_id IN (SELECT forked_from_execution_id FROM executions WHERE forked_from_execution_id IS NOT NULL)`;
export const CITED_SQL = Prisma.sql`x.managed_session_id IN (SELECT target_id FROM entity_references WHERE source_type = 'spec' AND target_type = 'session')`;
/** A run that completed with nothing refused (a refused action is no success: people-in-the-loop). */
export const SUCCEEDED_SQL = Prisma.sql`(x.status = 'completed' AND coalesce(x.refused_actions, 0) = 0)`;
/**
 * A run whose calls to Arbor's MCP server read at least one session: one
 * hashed pass over mcp_calls (a session ref cannot use the GIN index, which
 * finds whole elements, not a prefix).
 */
export const CONSULTED_SESSIONS_SQL = Prisma.sql`x.execution_id IN (SELECT c.execution_id FROM mcp_calls c WHERE EXISTS (SELECT 1 FROM unnest(c.consulted) AS r WHERE r LIKE 'SESS-%'))`;

/** The SQL conditions of the drill parameters given. */
export function drillConditions(input: DrillInput): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  const flag = (value: "yes" | "no" | undefined, sql: Prisma.Sql) => {
    if (value === "yes") out.push(sql);
    if (value === "no") out.push(Prisma.sql`NOT (${sql})`);
  };
  if (input.status?.length) out.push(Prisma.sql`x.status::text IN (${Prisma.join(input.status)})`);
  flag(input.finished, FINISHED_SQL);
  flag(input.captured, Prisma.sql`x.has_session`);
  flag(input.sessionAgents, sessionAgentsSql());
  flag(input.resumed, RESUMED_SQL);
  flag(input.timed, Prisma.sql`x.session_ms IS NOT NULL`);
  if (input.verdict === "none") out.push(Prisma.sql`${verdictSql()} IS NULL`);
  else if (input.verdict === "judged") out.push(Prisma.sql`${verdictSql()} IS NOT NULL`);
  else if (input.verdict) out.push(Prisma.sql`${verdictSql()} = ${input.verdict}`);
  if (input.signal) out.push(OUTCOME_SIGNALS.find((s) => s.id === input.signal)!.when);
  if (input.errorCode === "none") out.push(Prisma.sql`x.error_code IS NULL`);
  else if (input.errorCode) out.push(Prisma.sql`x.error_code = ${input.errorCode}`);
  flag(input.branchPoint, BRANCH_POINT_SQL);
  if (input.preference === "none") out.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM fork_preferences p WHERE p.branch_point_id = x.execution_id)`);
  if (input.preference === "decided") out.push(Prisma.sql`x.execution_id IN (SELECT branch_point_id FROM fork_preferences)`);
  if (input.preference === "fork")
    out.push(Prisma.sql`EXISTS (SELECT 1 FROM fork_preferences p WHERE p.branch_point_id = x.execution_id AND p.preferred_execution_id <> x.execution_id)`);
  if (input.preference === "original")
    out.push(Prisma.sql`EXISTS (SELECT 1 FROM fork_preferences p WHERE p.branch_point_id = x.execution_id AND p.preferred_execution_id = x.execution_id)`);
  flag(input.citedBySpec, CITED_SQL);
  flag(input.consultedSessions, CONSULTED_SESSIONS_SQL);
  flag(input.succeeded, SUCCEEDED_SQL);
  return out;
}
