import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import { BRANCH_POINT_SQL } from "@/server/insights/drill-conditions";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, bucketKey, bucketSql, FACTS } from "@/server/insights/run-aggregate";

export type ForkPreferenceRow = { bucket: string | null; branch_points: number; decided: number; fork_chosen: number };

/**
 * Branching points (executions in scope that were forked from), how many have
 * a preferred line, and how many of those chose a fork over the original,
 * per bucket of the branching point's creation and for the whole scope.
 */
export async function queryForkPreference(scope: InsightScope): Promise<ForkPreferenceRow[]> {
  return aggregate<ForkPreferenceRow>(Prisma.sql`
    SELECT CASE WHEN GROUPING(b) = 0 THEN ${bucketKey(Prisma.sql`b`)} END AS bucket,
           count(*)::int AS branch_points,
           count(preferred)::int AS decided,
           count(*) FILTER (WHERE preferred <> id)::int AS fork_chosen
      FROM (SELECT x.execution_id AS id, p.preferred_execution_id AS preferred, ${bucketSql(scope.bucket)} AS b
              FROM ${FACTS} LEFT JOIN fork_preferences p ON p.branch_point_id = x.execution_id
             WHERE ${scopeWhere(scope, [BRANCH_POINT_SQL])}) x
     GROUP BY GROUPING SETS ((b), ())`);
}
