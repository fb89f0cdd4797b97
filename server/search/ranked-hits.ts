import "server-only";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { SEARCH_CONFIG } from "@/server/search/search-config";

// The first step of search (server/search/search.ts): the best-ranked rows of
// one tier, across what agents did (events, prompts, sessions) and what people
// wrote (specs, issues). Every source's vector is weighted the same way
// (titles A, prompts B, spec, issue and session texts C, log lines D), so
// ts_rank puts them side by side: a spec whose title matches comes before a
// log line that mentions the word.

/** Events ranked per tier at most: keeps a query for a very common word (matching most of a big log) fast; within that cap ranking is exact. */
export const CANDIDATES = 2_000;

export type Tier = 1 | 2;
export type Source = "event" | "prompt" | "session" | "spec" | "issue";
/** `ref_id`: the session, spec or issue of a hit from those. */
export type RawHit = { source: Source; execution_id: string | null; seq: number | null; ref_id: string | null; rank: number; tier: Tier };

/** websearch syntax: every term (as typed), any positive term, any excluded term ("" for none). */
export type QueryTerms = { full: string; any: string; negative: string };

/** The tsqueries as a CTE: `full` (as typed), `anyq` (any positive term), `neg` (any excluded term, or NULL). */
export function queriesCte(terms: QueryTerms): Prisma.Sql {
  return Prisma.sql`q AS (
    SELECT websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${terms.full}) AS full,
           websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${terms.any}) AS anyq,
           CASE WHEN ${terms.negative} = '' THEN NULL
                ELSE websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${terms.negative}) END AS neg
  )`;
}

/** A tier's match condition on a tsvector expression: 1, every term; 2, some but not every term, and no excluded one. */
function matches(vector: Prisma.Sql, tier: Tier): Prisma.Sql {
  return tier === 1
    ? Prisma.sql`${vector} @@ q.full`
    : Prisma.sql`${vector} @@ q.anyq AND NOT (${vector} @@ q.full) AND (q.neg IS NULL OR NOT (${vector} @@ q.neg))`;
}

/** The `limit` best rows of one tier. */
export async function rankedHits(terms: QueryTerms, tier: Tier, limit: number): Promise<RawHit[]> {
  const rows = await prisma.$queryRaw<Omit<RawHit, "tier">[]>`
    WITH ${queriesCte(terms)},
    candidates AS (
      SELECT e.execution_id, e.seq, e.search_vector
        FROM execution_events e, q
       WHERE ${matches(Prisma.sql`e.search_vector`, tier)}
       LIMIT ${CANDIDATES}
    ),
    hits AS (
      (SELECT 'event' AS source, c.execution_id::text AS execution_id, c.seq, NULL::text AS ref_id,
              ts_rank(c.search_vector, q.anyq, 1) AS rank
         FROM candidates c, q
        ORDER BY rank DESC, c.execution_id, c.seq
        LIMIT ${limit})
      UNION ALL
      (SELECT 'prompt', x.id::text, NULL, NULL, ts_rank(x.search_vector, q.anyq, 1) AS rank
         FROM executions x, q
        WHERE ${matches(Prisma.sql`x.search_vector`, tier)}
        ORDER BY rank DESC, x.created_at DESC
        LIMIT ${limit})
      UNION ALL
      ${Prisma.join(
        (["session", "spec", "issue"] as const).map((source) => numberedRows(source, tier, limit)),
        " UNION ALL ",
      )}
    )
    SELECT source, execution_id, seq, ref_id, rank::float8 AS rank FROM hits
     ORDER BY rank DESC, source, execution_id, seq, ref_id
     LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, tier }));
}

const NUMBERED_TABLES = { session: "sessions", spec: "specs", issue: "issues" } as const;

/** The best rows of a table of numbered documents (`id`, `number`, `search_vector`): sessions, specs, issues; ties go to the newest. */
function numberedRows(source: keyof typeof NUMBERED_TABLES, tier: Tier, limit: number): Prisma.Sql {
  return Prisma.sql`(SELECT ${source}::text, NULL::text, NULL::int, d.id, ts_rank(d.search_vector, q.anyq, 1) AS rank
         FROM ${Prisma.raw(NUMBERED_TABLES[source])} d, q
        WHERE ${matches(Prisma.sql`d.search_vector`, tier)}
        ORDER BY rank DESC, d.number DESC
        LIMIT ${limit})`;
}
