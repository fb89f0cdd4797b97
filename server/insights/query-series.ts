import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import { FINISHED_SQL, RESUMED_SQL, sessionAgentsSql } from "@/server/insights/drill-conditions";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, bucketKey, bucketSql, FACTS, type Counts } from "@/server/insights/run-aggregate";
import { tokenAggregates, tokenColumns } from "@/server/insights/token-measures";
import { MARK_JOINS, OUTCOME_SIGNALS, verdictSourceSql, verdictSql } from "@/server/outcomes/outcome-signals";

/**
 * One bucket's counts (every figure is a count or a sum, so the whole scope's
 * are the buckets' added up: sumSeries). Token measures are
 * read with readTokens; `src_<source>_worked|failed` (verdicts by where they
 * came from: mark, session, a signal id) and `sig_<signal id>` (executions the
 * signal holds for) with sourceCounts / signalCounts.
 */
export type SeriesRow = Counts & {
  bucket: string | null;
  running: number;
  capture_of: number;
  captured: number;
  resume_of: number;
  resume_ok: number;
  continues: number;
  forks: number;
};

export const VERDICT_SOURCES = ["mark", "session", ...OUTCOME_SIGNALS.filter((s) => s.verdict !== null).map((s) => s.id)];

const alias = (name: string) => Prisma.raw(`"${name}"`);

/** The seed's success metrics, outcomes and usage per bucket, in one pass over the scope's rows. */
export async function querySeries(scope: InsightScope): Promise<SeriesRow[]> {
  const signalColumns = OUTCOME_SIGNALS.map((s) => Prisma.sql`${s.when} AS ${alias(`sig_${s.id}`)}`);
  const signalCounts = OUTCOME_SIGNALS.map((s) => Prisma.sql`count(*) FILTER (WHERE ${alias(`sig_${s.id}`)})::int AS ${alias(`sig_${s.id}`)}`);
  const sourceCounts = VERDICT_SOURCES.flatMap((source) =>
    (["worked", "failed"] as const).map(
      (verdict) => Prisma.sql`count(*) FILTER (WHERE source = ${source} AND verdict = ${verdict})::int AS ${alias(`src_${source}_${verdict}`)}`,
    ),
  );
  return aggregate<SeriesRow>(Prisma.sql`
    -- One pass over the scope. OFFSET 0 keeps the per-row expressions (the
    -- verdict, the signals) computed once per row, not once per aggregate that reads them.
    WITH rows AS (
      SELECT x.status, x.refused_actions, x.lineage, x.has_session, x.cost_usd, ${tokenColumns()},
             ${bucketSql(scope.bucket)} AS bucket,
             ${FINISHED_SQL} AS finished, ${sessionAgentsSql()} AS session_agent, ${RESUMED_SQL} AS resumed,
             ${verdictSql()} AS verdict, ${verdictSourceSql()} AS source,
             ${Prisma.join(signalColumns, ", ")}
        FROM ${FACTS} ${MARK_JOINS}
       WHERE ${scopeWhere(scope)}
      OFFSET 0
    )
    SELECT ${bucketKey(Prisma.sql`bucket`)} AS bucket,
           count(*)::int AS executions,
           count(*) FILTER (WHERE finished)::int AS finished,
           count(*) FILTER (WHERE status = 'completed' AND coalesce(refused_actions, 0) = 0)::int AS completed,
           count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS running,
           count(*) FILTER (WHERE finished AND session_agent)::int AS capture_of,
           count(*) FILTER (WHERE finished AND session_agent AND has_session)::int AS captured,
           count(*) FILTER (WHERE finished AND resumed)::int AS resume_of,
           count(*) FILTER (WHERE finished AND resumed AND has_session)::int AS resume_ok,
           count(*) FILTER (WHERE lineage = 'continue')::int AS continues,
           count(*) FILTER (WHERE lineage = 'fork')::int AS forks,
           count(verdict)::int AS judged,
           count(*) FILTER (WHERE verdict = 'worked')::int AS worked,
           count(*) FILTER (WHERE verdict = 'failed')::int AS failed,
           ${tokenAggregates()},
           sum(cost_usd)::float8 AS cost, count(cost_usd)::int AS cost_n,
           ${Prisma.join(signalCounts, ", ")},
           ${Prisma.join(sourceCounts, ", ")}
      FROM rows x
     GROUP BY bucket`);
}

/** The whole scope's row: the buckets' counts and sums added up (sums stay null where nothing was recorded). */
export function sumSeries(rows: SeriesRow[]): SeriesRow {
  const total: Record<string, unknown> = { bucket: null };
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (key === "bucket" || value === null || value === undefined) continue;
      total[key] = (Number(total[key] ?? 0) as number) + Number(value);
    }
  }
  for (const [key, value] of Object.entries(EMPTY_SERIES_ROW)) total[key] ??= value;
  return total as SeriesRow;
}

export const EMPTY_SERIES_ROW: SeriesRow = {
  bucket: null,
  executions: 0,
  finished: 0,
  completed: 0,
  running: 0,
  capture_of: 0,
  captured: 0,
  resume_of: 0,
  resume_ok: 0,
  continues: 0,
  forks: 0,
  judged: 0,
  worked: 0,
  failed: 0,
  cost: null,
  cost_n: 0,
};
