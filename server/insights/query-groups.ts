import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import { DIMENSIONS } from "@/server/insights/dimensions";
import { FINISHED_SQL } from "@/server/insights/drill-conditions";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, FACTS, type Counts } from "@/server/insights/run-aggregate";
import { TOKEN_MEASURES, tokenAggregates, tokenColumns } from "@/server/insights/token-measures";
import { MARK_JOINS, verdictSql } from "@/server/outcomes/outcome-signals";

/**
 * One group: of a dimension (`dim` = its id), or of failures (`dim` =
 * "failure": key = error code, "none" for a failure without one). Token
 * measures are read with readTokens.
 */
export type GroupRow = Counts & { dim: string; key: string | null };

const column = (name: string) => Prisma.raw(`"k_${name}"`);

const AGGREGATES = Prisma.sql`count(*)::int AS executions,
  count(*) FILTER (WHERE finished)::int AS finished,
  count(*) FILTER (WHERE status = 'completed' AND coalesce(refused_actions, 0) = 0)::int AS completed,
  count(verdict)::int AS judged,
  count(*) FILTER (WHERE verdict = 'worked')::int AS worked,
  count(*) FILTER (WHERE verdict = 'failed')::int AS failed,
  ${tokenAggregates()},
  sum(cost_usd)::float8 AS cost, count(cost_usd)::int AS cost_n`;

/** The same figures summed over groups of rows already aggregated (every one is a count or a sum). */
const REAGGREGATES = Prisma.raw(
  [
    ...["executions", "finished", "completed", "judged", "worked", "failed", "cost_n", ...TOKEN_MEASURES.map((m) => `${m.id}_n`)].map(
      (c) => `sum("${c}")::int AS "${c}"`,
    ),
    ...["cost", ...TOKEN_MEASURES.map((m) => m.id)].map((c) => `sum("${c}")::float8 AS "${c}"`),
  ].join(", "),
);

function rowsOf(scope: InsightScope): Prisma.Sql {
  return Prisma.sql`SELECT x.status, x.refused_actions, x.cost_usd, ${tokenColumns()}, ${Prisma.join(
    DIMENSIONS.map((d) => Prisma.sql`${d.key} AS ${column(d.id)}`),
    ", ",
  )},
    CASE WHEN x.status IN ('failed', 'interrupted') THEN coalesce(x.error_code, 'none') END AS k_failure,
    ${FINISHED_SQL} AS finished, ${verdictSql()} AS verdict
    FROM ${FACTS} ${MARK_JOINS} WHERE ${scopeWhere(scope)}
    -- A fence: the verdict is computed once per row, not once per aggregate reading it.
    OFFSET 0`;
}

/**
 * Figures per group of several single-valued dimensions at once: one GROUP BY
 * over their combinations, then each dimension's groups summed from those
 * (GROUPING SETS over a few hundred rows rather than over every execution).
 */
function combined(scope: InsightScope, names: string[]): Prisma.Sql {
  const keys = Prisma.join(
    names.map((name) => column(name)),
    ", ",
  );
  const whenGrouped = (value: (name: string) => Prisma.Sql) =>
    Prisma.join(
      names.map((name) => Prisma.sql`WHEN GROUPING(${column(name)}) = 0 THEN ${value(name)}`),
      " ",
    );
  return Prisma.sql`
    WITH rows AS (${rowsOf(scope)}),
    combos AS (SELECT ${keys}, ${AGGREGATES} FROM rows x GROUP BY ${keys})
    SELECT CASE ${whenGrouped((name) => Prisma.sql`${name}::text`)} END AS dim,
           CASE ${whenGrouped((name) => Prisma.sql`${column(name)}::text`)} END AS key,
           ${REAGGREGATES}
      FROM combos
     GROUP BY GROUPING SETS (${Prisma.join(
       names.map((name) => Prisma.sql`(${column(name)})`),
       ", ",
     )})`;
}

/**
 * Every grouping Insights shows: each single-valued dimension and failures by
 * error code, in two passes over the scope's rows (the dimensions with few
 * values together — agent, model, lineage, turns, failure — and those with
 * many — issue, spec: their combinations number about the issues), and each
 * multi-valued dimension (tools) in a pass of its own; in parallel.
 */
export async function queryGroups(scope: InsightScope): Promise<GroupRow[]> {
  const single = DIMENSIONS.filter((d) => !d.multi);
  const few = [...single.filter((d) => !d.many).map((d) => d.id), "failure"];
  const many = single.filter((d) => d.many).map((d) => d.id);
  const queries = [
    aggregate<GroupRow>(combined(scope, few)),
    ...(many.length ? [aggregate<GroupRow>(combined(scope, many))] : []),
    // Multi-valued: aggregate per distinct set of values first (few: executions
    // share their tool sets), then add each set's figures to each of its values,
    // rather than unnesting every execution's values.
    ...DIMENSIONS.filter((d) => d.multi).map((d) =>
      aggregate<GroupRow>(Prisma.sql`
        WITH rows AS (${rowsOf(scope)}),
        sets AS (SELECT x.${column(d.id)} AS vals, ${AGGREGATES} FROM rows x GROUP BY x.${column(d.id)})
        SELECT ${d.id}::text AS dim, k AS key, ${REAGGREGATES}
          FROM sets CROSS JOIN LATERAL unnest(sets.vals) AS k
         GROUP BY k`),
    ),
  ];
  // Failures are only counted where there is one: drop the group of everything else.
  return (await Promise.all(queries)).flat().filter((r) => !(r.dim === "failure" && r.key === null));
}
