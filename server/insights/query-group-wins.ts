import "server-only";
import type { GroupWins } from "@/lib/insights/schema";
import { Prisma } from "@/server/generated/prisma/client";
import { scopeWhere, type InsightScope } from "@/server/insights/insight-scope";
import { aggregate, FACTS, rate } from "@/server/insights/run-aggregate";

export type GroupWinRow = { total: boolean; agent: string; model: string | null; members: number; wins: number; groups: number; decided: number };

/**
 * Fan-out groups (issue 26) whose members are in scope: per agent and model,
 * how many members ran in groups a person decided (picked one of) and how
 * many of them were the pick; and, in the total row (agent null), how many
 * groups there were and how many were decided. The model is the one asked
 * for, else the one the agent reported.
 */
export async function queryGroupWins(scope: InsightScope): Promise<GroupWinRow[]> {
  return aggregate<GroupWinRow>(Prisma.sql`
    WITH members AS (
      SELECT e.agent, coalesce(e.model, x.model) AS model, g.id AS group_id,
             g.picked_execution_id IS NOT NULL AS decided, g.picked_execution_id = e.id AS won
        FROM ${FACTS} JOIN executions e ON e.id = x.execution_id JOIN execution_groups g ON g.id = e.group_id
       WHERE ${scopeWhere(scope)}
    )
    SELECT GROUPING(agent, model) = 3 AS total, agent, model,
           count(*) FILTER (WHERE decided)::int AS members,
           count(*) FILTER (WHERE won)::int AS wins,
           count(DISTINCT group_id)::int AS groups,
           count(DISTINCT group_id) FILTER (WHERE decided)::int AS decided
      FROM members
     GROUP BY GROUPING SETS ((agent, model), ())`);
}

export function buildGroupWins(rows: GroupWinRow[]): GroupWins {
  const total = rows.find((r) => r.total);
  const byAgent = rows
    .filter((r) => !r.total && r.members > 0)
    .map((r) => ({ agent: r.agent, model: r.model, members: r.members, wins: r.wins, winRate: rate(r.wins, r.members) }))
    .sort((a, b) => b.wins - a.wins || (b.winRate ?? 0) - (a.winRate ?? 0) || a.agent.localeCompare(b.agent));
  return { groups: total?.groups ?? 0, decided: total?.decided ?? 0, byAgentModel: byAgent };
}
