import "server-only";
import { Prisma } from "@/server/generated/prisma/client";

// The token counts Insights sums (over time, per agent / issue / spec). One
// entry each: a nullable integer column of execution_facts. A bucket or group
// in which no execution recorded a measure shows "not recorded", never 0.
//
// Adding one = an entry, e.g. once executions record what a resume saved
// (mirrored into execution_facts like the others):
//   { id: "savedByResume", label: "Tokens saved by resume", column: Prisma.sql`x.resume_saved_tokens` }

export type TokenMeasure = { id: string; label: string; column: Prisma.Sql };

export const TOKEN_MEASURES: readonly TokenMeasure[] = [
  // Everything the model read, prompt-cache reads and writes included (see read-claude-usage.ts).
  { id: "inputTokens", label: "Input tokens", column: Prisma.sql`x.input_tokens` },
  { id: "outputTokens", label: "Output tokens", column: Prisma.sql`x.output_tokens` },
  // Of the input, what was read from the prompt cache.
  { id: "cacheReadTokens", label: "Cache-read tokens", column: Prisma.sql`x.cache_read_tokens` },
];

/** The measures' columns, for a subquery the aggregates then read (narrower than x.*). */
export function tokenColumns(measures: readonly TokenMeasure[] = TOKEN_MEASURES): Prisma.Sql {
  return Prisma.join(
    measures.map((m) => m.column),
    ", ",
  );
}

/** `sum(column) AS "<id>", count(column) AS "<id>_n"` for each measure, for a SELECT list. */
export function tokenAggregates(measures: readonly TokenMeasure[] = TOKEN_MEASURES): Prisma.Sql {
  return Prisma.join(
    measures.map((m) => Prisma.sql`sum(${m.column})::float8 AS ${Prisma.raw(`"${m.id}"`)}, count(${m.column})::int AS ${Prisma.raw(`"${m.id}_n"`)}`),
    ", ",
  );
}

/** Reads what tokenAggregates selected from a row: null where nothing was recorded. */
export function readTokens(row: Record<string, unknown>, measures: readonly TokenMeasure[] = TOKEN_MEASURES): Record<string, number | null> {
  return Object.fromEntries(measures.map((m) => [m.id, Number(row[`${m.id}_n`] ?? 0) > 0 ? Number(row[m.id]) : null]));
}
