import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, bucketKey, bucketSql, FACTS } from "@/server/insights/run-aggregate";

export type TimeToSessionRow = { bucket: string | null; timed: number; captured: number; p50: number | null; p95: number | null };

type Row = { bucket: string | null; timed: number; captured: number; p: (number | null)[] | null };

/**
 * startedAt → session id captured (execution_facts.session_ms), p50 and p95
 * per bucket and for the whole scope, over the runs that recorded both
 * (`timed`), of those that captured a session id at all (`captured`).
 */
export async function queryTimeToSession(scope: InsightScope): Promise<TimeToSessionRow[]> {
  const rows = await aggregate<Row>(Prisma.sql`
    SELECT CASE WHEN GROUPING(b) = 0 THEN ${bucketKey(Prisma.sql`b`)} END AS bucket,
           count(x.session_ms)::int AS timed,
           count(*)::int AS captured,
           -- Both from one sort.
           percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY x.session_ms)::float8[] AS p
      FROM (SELECT x.session_ms, ${bucketSql(scope.bucket)} AS b FROM ${FACTS} WHERE ${scopeWhere(scope, [Prisma.sql`x.has_session`])}) x
     GROUP BY GROUPING SETS ((b), ())`);
  return rows.map(({ p, ...row }) => ({ ...row, p50: p?.[0] ?? null, p95: p?.[1] ?? null }));
}
