import "server-only";
import type { Tallies } from "@/lib/insights/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";

/** The counts and sums every aggregate row carries (token measures beside them: readTokens). */
export type Counts = Tallies & { cost: number | null; cost_n: number } & Record<string, unknown>;

/** Every Insights query reads Insights' per-execution rows and their issue (the spec, the "issue done" signal). */
export const FACTS = Prisma.sql`execution_facts x JOIN issues i ON i.id = x.issue_id`;

/** The start of the execution's chart bucket: date_trunc of its creation time, in UTC (group by this, format with bucketKey). */
export function bucketSql(unit: "day" | "week"): Prisma.Sql {
  return Prisma.sql`date_trunc(${unit}, x.created_at AT TIME ZONE 'UTC')`;
}

/** A bucket start as its key, YYYY-MM-DD (format after grouping: once per group, not per row). */
export function bucketKey(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`to_char(${column}, 'YYYY-MM-DD')`;
}

/**
 * Runs one aggregate query with enough work_mem to group 100k rows in memory
 * (the server default, 4 MB, makes PostgreSQL sort on disk), scoped to its
 * own transaction.
 */
export async function aggregate<T>(sql: Prisma.Sql): Promise<T[]> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL work_mem = '32MB'`;
    return tx.$queryRaw<T[]>(sql);
  });
}

/** count / of, or null when there is nothing to measure. */
export function rate(count: number, of: number): number | null {
  return of > 0 ? count / of : null;
}
