import "server-only";
import { prisma } from "@/server/db";

/**
 * The refs each of an issue's executions read through Arbor's MCP server,
 * each once, in the order first read; executions that read nothing are
 * absent. One grouped query for the whole issue (the session tree's marks),
 * never one per execution.
 */
export async function consultedRefsOfIssue(issueId: string): Promise<Map<string, string[]>> {
  const rows = await prisma.$queryRaw<{ executionId: string; refs: string[] }[]>`
    SELECT t.execution_id::text AS "executionId", array_agg(t.ref ORDER BY t.first, t.ref) AS refs
      FROM (SELECT c.execution_id, ref, min(c.id) AS first
              FROM executions e JOIN mcp_calls c ON c.execution_id = e.id CROSS JOIN LATERAL unnest(c.consulted) AS ref
             WHERE e.issue_id = ${issueId}
             GROUP BY c.execution_id, ref) t
     GROUP BY t.execution_id`;
  return new Map(rows.map((r) => [r.executionId, r.refs]));
}
