import "server-only";
import type { Consultation, ConsultationSide, Drill } from "@/lib/insights/schema";
import { Prisma } from "@/server/generated/prisma/client";
import { CONSULTED_SESSIONS_SQL, FINISHED_SQL, SUCCEEDED_SQL } from "@/server/insights/drill-conditions";
import { scopeDrill, scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, FACTS, rate } from "@/server/insights/run-aggregate";
import { MARK_JOINS, verdictSql } from "@/server/outcomes/outcome-signals";

export type ConsultationRow = { consulted: boolean; executions: number; finished: number; succeeded: number; judged: number; worked: number };

/**
 * Does context continuity pay? The scope's executions split by whether they
 * read an earlier session through Arbor's MCP server, each side's finished,
 * succeeded (completed, nothing refused), judged and worked counts: one pass
 * over the scope's rows, at most two groups.
 */
export async function queryConsultation(scope: InsightScope): Promise<ConsultationRow[]> {
  return aggregate<ConsultationRow>(Prisma.sql`
    WITH rows AS (
      SELECT ${CONSULTED_SESSIONS_SQL} AS consulted, ${FINISHED_SQL} AS finished, ${SUCCEEDED_SQL} AS succeeded, ${verdictSql()} AS verdict
        FROM ${FACTS} ${MARK_JOINS}
       WHERE ${scopeWhere(scope)}
      -- A fence: the verdict is computed once per row, not once per aggregate reading it.
      OFFSET 0
    )
    SELECT consulted,
           count(*)::int AS executions,
           count(*) FILTER (WHERE finished)::int AS finished,
           count(*) FILTER (WHERE succeeded)::int AS succeeded,
           count(verdict)::int AS judged,
           count(*) FILTER (WHERE verdict = 'worked')::int AS worked
      FROM rows
     GROUP BY consulted`);
}

const EMPTY: Omit<ConsultationRow, "consulted"> = { executions: 0, finished: 0, succeeded: 0, judged: 0, worked: 0 };

/** The figures, each count with the executions-list filter behind it. */
export function buildConsultation(scope: InsightScope, rows: ConsultationRow[]): Consultation {
  const yes = rows.find((r) => r.consulted) ?? EMPTY;
  const no = rows.find((r) => !r.consulted) ?? EMPTY;
  const ratio = (count: number, of: number, countDrill: Drill, ofDrill: Drill) => ({
    count,
    of,
    value: rate(count, of),
    drill: scopeDrill(scope, countDrill),
    ofDrill: scopeDrill(scope, ofDrill),
  });
  const side = (r: typeof EMPTY, consultedSessions: "yes" | "no"): ConsultationSide => ({
    executions: r.executions,
    drill: scopeDrill(scope, { consultedSessions }),
    succeeded: ratio(r.succeeded, r.finished, { consultedSessions, succeeded: "yes" }, { consultedSessions, finished: "yes" }),
    worked: ratio(r.worked, r.judged, { consultedSessions, verdict: "worked" }, { consultedSessions, verdict: "judged" }),
  });
  return {
    share: ratio(yes.executions, yes.executions + no.executions, { consultedSessions: "yes" }, {}),
    consulted: side(yes, "yes"),
    notConsulted: side(no, "no"),
  };
}
