import "server-only";
import type { CheckRates } from "@/lib/insights/schema";
import { Prisma } from "@/server/generated/prisma/client";
import { CONSULTED_SESSIONS_SQL } from "@/server/insights/drill-conditions";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, FACTS, rate } from "@/server/insights/run-aggregate";

export type CheckRateRow = { dim: string; key: string | null; checked: number; passed: number };

/**
 * How often turns pass their project's check (issue 25), among the scope's
 * checked turns: overall and per agent, model (the one asked for, else the
 * one reported), lineage (new run, continue, fork) and whether the turn
 * consulted earlier sessions. One pass over the scope's rows.
 */
export async function queryCheckRates(scope: InsightScope): Promise<CheckRateRow[]> {
  return aggregate<CheckRateRow>(Prisma.sql`
    WITH rows AS (
      SELECT x.agent, coalesce(e.model, x.model) AS model, x.lineage,
             CASE WHEN ${CONSULTED_SESSIONS_SQL} THEN 'yes' ELSE 'no' END AS consulted,
             e."check"->>'status' AS status
        FROM ${FACTS} JOIN executions e ON e.id = x.execution_id
       WHERE ${scopeWhere(scope)} AND e."check" IS NOT NULL AND e."check"->>'status' <> 'running'
    )
    SELECT CASE WHEN GROUPING(agent) = 0 THEN 'agent' WHEN GROUPING(model) = 0 THEN 'model' WHEN GROUPING(lineage) = 0 THEN 'lineage'
                WHEN GROUPING(consulted) = 0 THEN 'consulted' ELSE 'all' END AS dim,
           coalesce(agent, model, lineage, consulted) AS key,
           count(*)::int AS checked,
           count(*) FILTER (WHERE status = 'passed')::int AS passed
      FROM rows
     GROUP BY GROUPING SETS ((agent), (model), (lineage), (consulted), ())`);
}

export function buildCheckRates(rows: CheckRateRow[]): CheckRates {
  const of = (dim: string) =>
    rows
      .filter((r) => r.dim === dim)
      .map((r) => ({ key: r.key ?? "unknown", checked: r.checked, passed: r.passed, passRate: rate(r.passed, r.checked) }))
      .sort((a, b) => b.checked - a.checked || a.key.localeCompare(b.key));
  const all = rows.find((r) => r.dim === "all");
  return {
    checked: all?.checked ?? 0,
    passed: all?.passed ?? 0,
    passRate: rate(all?.passed ?? 0, all?.checked ?? 0),
    byAgent: of("agent"),
    byModel: of("model"),
    byLineage: of("lineage"),
    byConsulted: of("consulted"),
  };
}
