import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import type { InsightScope } from "@/server/insights/insight-scope";
import { aggregate } from "@/server/insights/run-aggregate";

export type SpecCitationRow = { bucket: string | null; specs: number; citing: number; sessions: number };

/** A spec or issue filter narrows specs to that spec (the issue's spec); other filters do not apply to specs. */
function specCondition(alias: string, scope: InsightScope): Prisma.Sql {
  const column = Prisma.raw(`${alias}.id`);
  const { spec, issue } = scope.filters;
  if (spec) return spec === "none" ? Prisma.sql`FALSE` : Prisma.sql`${column} = ${spec}`;
  if (issue && issue !== "none") return Prisma.sql`${column} = (SELECT spec_id FROM issues WHERE id = ${issue})`;
  return Prisma.sql`TRUE`;
}

/**
 * "Sessions referenced in 20 %+ of specs": of the specs that existed at the
 * end of each bucket (and at the end of the range: bucket null), how many
 * cited at least one session by then, and how many distinct sessions they
 * cited. Specs are few, so this reads specs and their references directly.
 */
export async function querySpecCitations(scope: InsightScope, buckets: { key: string; end: Date }[]): Promise<SpecCitationRow[]> {
  const keys = [...buckets.map((b) => b.key), null];
  const ends = [...buckets.map((b) => b.end), scope.to];
  return aggregate<SpecCitationRow>(Prisma.sql`
    SELECT e.key AS bucket,
           (SELECT count(*) FROM specs s WHERE s.created_at < e.at AND ${specCondition("s", scope)})::int AS specs,
           (SELECT count(DISTINCT r.source_id) FROM entity_references r JOIN specs s ON s.id = r.source_id
             WHERE r.source_type = 'spec' AND r.target_type = 'session' AND r.created_at < e.at AND ${specCondition("s", scope)})::int AS citing,
           (SELECT count(DISTINCT r.target_id) FROM entity_references r JOIN specs s ON s.id = r.source_id
             WHERE r.source_type = 'spec' AND r.target_type = 'session' AND r.created_at < e.at AND ${specCondition("s", scope)})::int AS sessions
      FROM unnest(${keys}::text[], ${ends}::timestamptz[]) AS e(key, at)`);
}
