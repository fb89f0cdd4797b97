import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { SessionTreeInput } from "@/lib/executions/build-session-tree";
import { dbPool } from "@/server/db-pool";
import { executionColumns } from "@/server/executions/execution-columns";
import { EXECUTION_DTO_FIELDS, type ExecutionDtoSource, toExecutionDto } from "@/server/executions/execution-dto";

// An issue's session tree, flat: every execution of the issue with the refs
// it consulted (each once, in the order first read), in creation order, from
// one SQL statement. The issue page builds the tree from it, as it does for
// every live patch (GET /api/issues/:id/tree-summary); the CLI's
// /session-tree builds it here (get-session-tree.ts). Prisma's findMany of a
// thousand full rows took ~130 ms of the 1,000-node tree's ~300 ms answer;
// node-postgres reads the same rows in a fraction of that
// (docs/performance.md, "UI at scale"). Only the columns a DTO is made of
// are read, and each row becomes its DTO without copies (it was copied three
// times on the way): for 1,000 executions, read + DTOs + JSON 69.6 → 60.2 ms
// p50 (bench/tree-summary.ts).

/** An issue's executions with the refs each consulted (each once, in the order first read): the select list and its joins, for a WHERE after them. */
export const TREE_ROWS_FROM = `
  SELECT ${executionColumns("e", EXECUTION_DTO_FIELDS)},
         coalesce(c.refs, ARRAY[]::text[]) AS "__consulted"
    FROM issues i
    LEFT JOIN executions e ON e.issue_id = i.id
    LEFT JOIN LATERAL (
      SELECT array_agg(t.ref ORDER BY t.first, t.ref) AS refs
        FROM (SELECT ref, min(m.id) AS first
                FROM mcp_calls m CROSS JOIN LATERAL unnest(m.consulted) AS ref
               WHERE m.execution_id = e.id
               GROUP BY ref) t
    ) c ON true`;

const SQL = `${TREE_ROWS_FROM}
   WHERE i.id = $1
   ORDER BY e.created_at ASC, e.id ASC`;

/** A row read through TREE_ROWS_FROM, as the tree takes it. */
// node-postgres reads each column as Prisma does (none of these is a BIGINT: executionFromPg has nothing to convert).
export const treeInputFromRow = (row: Record<string, unknown>): SessionTreeInput =>
  Object.assign(toExecutionDto(row as ExecutionDtoSource), { consulted: row.__consulted as string[] });

export async function readIssueTree(rawIssueId: string): Promise<Result<{ executions: SessionTreeInput[] }>> {
  const issueId = parseId("issue", rawIssueId);
  if (!issueId) return notFound(notFoundMessage("issue", rawIssueId));
  const { rows } = await dbPool.query<Record<string, unknown>>({ name: "arbor_read_issue_tree", text: SQL, values: [issueId] });
  // No row at all: no such issue; one row without an execution: an issue with none (the LEFT JOIN).
  if (rows.length === 0) return notFound(notFoundMessage("issue", rawIssueId));
  const executions = rows.filter((row) => row.id !== null).map(treeInputFromRow);
  return ok({ executions });
}
