import { prisma } from "@/server/db";
import type { InsightScope } from "@/server/insights/insight-scope";
import { sessionStateUsage } from "@/server/session-state/session-state-usage";
import type { SessionStateInsights } from "@/lib/insights/schema";

// Insights' "Session state" (issue 24): storage, for the project filter when
// one is set ("none": sessions outside any project), and how many turns in
// the range resumed from Arbor's copy on a runner that lacked the session.

export async function querySessionState(scope: InsightScope): Promise<SessionStateInsights> {
  const project = scope.filters.project;
  const projectId = project === undefined ? undefined : project === "none" ? null : project;
  const [usage, restored] = await Promise.all([
    sessionStateUsage(projectId),
    prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM executions
       WHERE state_restore ? 'files'
         AND created_at < ${scope.to}
         AND (${scope.from}::timestamptz IS NULL OR created_at >= ${scope.from}::timestamptz)
         AND (${projectId === undefined} OR project_id IS NOT DISTINCT FROM ${projectId ?? null}::text)`,
  ]);
  return { ...usage, restoredTurns: Number(restored[0]?.n ?? 0) };
}
