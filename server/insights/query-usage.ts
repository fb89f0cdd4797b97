import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import type { Dimension } from "@/server/insights/dimensions";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, bucketKey, bucketSql, FACTS } from "@/server/insights/run-aggregate";

/** How many groups the usage chart stacks; the rest are summed as "(other)". */
export const USAGE_TOP = 6;
export const OTHER = "(other)";

export type UsageRow = { bucket: string; key: string | null; tokens: number };

/**
 * Input + output tokens per bucket for the USAGE_TOP groups of one dimension
 * that used the most over the scope, the rest summed as "(other)". Its own
 * pass, reading only token columns: grouping by bucket × issue in the other
 * passes would make a group per issue and week.
 */
export async function queryUsage(scope: InsightScope, by: Dimension): Promise<UsageRow[]> {
  const tokens = Prisma.sql`coalesce(x.input_tokens, 0) + coalesce(x.output_tokens, 0)`;
  const where = scopeWhere(scope, [Prisma.sql`(x.input_tokens IS NOT NULL OR x.output_tokens IS NOT NULL)`]);
  return aggregate<UsageRow>(Prisma.sql`
    WITH top AS (
      SELECT ${by.key}::text AS key FROM ${FACTS} WHERE ${where} GROUP BY 1 ORDER BY sum(${tokens}) DESC, 1 LIMIT ${USAGE_TOP}
    )
    SELECT ${bucketKey(Prisma.sql`b`)} AS bucket, key, sum(tokens)::float8 AS tokens
      FROM (SELECT ${bucketSql(scope.bucket)} AS b,
                   CASE WHEN ${by.key}::text IS NULL OR ${by.key}::text IN (SELECT key FROM top) THEN ${by.key}::text ELSE ${OTHER} END AS key,
                   ${tokens} AS tokens
              FROM ${FACTS} WHERE ${where}) x
     GROUP BY b, key`);
}
