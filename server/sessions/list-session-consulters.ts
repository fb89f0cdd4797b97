import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import type { SessionConsulters } from "@/lib/mcp/schema";
import { notFound, ok, type Result } from "@/lib/result";
import type { ExecutionStatus } from "@/lib/executions/types";
import { prisma } from "@/server/db";

type Row = {
  executionId: string;
  sessionId: string | null;
  issueId: string;
  issueTitle: string;
  agent: string;
  status: ExecutionStatus;
  reads: number;
  lastReadAt: Date;
  total: number;
};

/**
 * "Consulted by": the runs whose calls to Arbor's MCP server read this
 * session (get_session), the latest reader first. One query; the GIN index on
 * mcp_calls.consulted finds the calls (`@>`), whatever the number of calls.
 */
export async function listSessionConsulters(rawRef: string, options: { limit: number }): Promise<Result<SessionConsulters>> {
  const id = parseId("session", rawRef);
  const session = id ? await prisma.session.findUnique({ where: { id }, select: { id: true } }) : null;
  if (!session) return notFound(notFoundMessage("session", rawRef));
  const rows = await prisma.$queryRaw<Row[]>`
    WITH reads AS (
      SELECT c.execution_id, count(*)::int AS reads, max(c.created_at) AS last_read_at
        FROM mcp_calls c
       WHERE c.consulted @> ARRAY[${session.id}]::text[]
       GROUP BY c.execution_id
    )
    SELECT r.execution_id::text AS "executionId", e.managed_session_id AS "sessionId", e.issue_id AS "issueId", i.title AS "issueTitle",
           e.agent, e.status::text AS status, r.reads, r.last_read_at AS "lastReadAt", (count(*) OVER ())::int AS total
      FROM reads r JOIN executions e ON e.id = r.execution_id JOIN issues i ON i.id = e.issue_id
     ORDER BY r.last_read_at DESC, r.execution_id
     LIMIT ${options.limit}`;
  return ok({
    sessionId: session.id,
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _total, lastReadAt, ...row }) => ({ ...row, lastReadAt: lastReadAt.toISOString() })),
  });
}
