import "server-only";
import type { ApprovalScope } from "@/lib/approvals/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { notice } from "@/server/realtime/announce";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import type { ApprovalRow } from "@/server/approvals/approval-dto";

// A decision is on the path from a person's click to the agent's tool
// starting (docs/performance.md, "People in the loop"), so it is one SQL
// statement, one round trip: the approval updated only while it is pending
// (so exactly one decision wins), its scope and remembered rules worked out
// from its own row, the execution's waitingFor moved to the next pending
// approval (or cleared), and both NOTIFYs — the runner's and open pages' —
// delivered at commit. Nothing is written when it was not pending (null).

export type Decision = {
  approvalId: string;
  allow: boolean;
  /** Asked for; a question or a plan holds for its request only ("once"). */
  scope: ApprovalScope;
  message: string | null;
  answers: Record<string, string> | null;
  decidedBy: string;
};

const COLUMNS = Prisma.raw(
  [
    "id",
    "number",
    `execution_id AS "executionId"`,
    `issue_id AS "issueId"`,
    `project_id AS "projectId"`,
    "agent",
    `agent_session_id AS "agentSessionId"`,
    `runner_id AS "runnerId"`,
    `request_id AS "requestId"`,
    `tool_use_id AS "toolUseId"`,
    "kind",
    `tool_name AS "toolName"`,
    "input",
    "summary",
    "reason",
    `suggested_rules AS "suggestedRules"`,
    "status",
    "scope",
    `remembered_rules AS "rememberedRules"`,
    "message",
    "answers",
    `decided_by AS "decidedBy"`,
    `requested_at AS "requestedAt"`,
    `decided_at AS "decidedAt"`,
  ]
    .map((column) => `d.${column}`)
    .join(", "),
);

export async function recordDecision(decision: Decision): Promise<ApprovalRow | null> {
  const status = decision.allow ? "allowed" : "denied";
  // The runner hears the decision; open pages hear the execution (its id is the statement's to find, so only the channel is taken).
  const toRunner = notice.approvalDecided(decision.approvalId);
  const rows = await prisma.$queryRaw<Array<Omit<ApprovalRow, "issue" | "execution"> & { issueTitle: string; managedSessionId: string | null }>>`
    WITH decided AS (
      UPDATE approvals a SET
        status = ${status}::"ApprovalStatus",
        scope = CASE WHEN ${decision.allow} THEN (CASE WHEN a.kind = 'tool' THEN ${decision.scope}::text ELSE 'once' END) END,
        remembered_rules = CASE
          WHEN ${decision.allow} AND a.kind = 'tool' AND ${decision.scope}::text <> 'once'
            THEN (CASE WHEN cardinality(a.suggested_rules) > 0 THEN a.suggested_rules ELSE ARRAY[a.tool_name] END)
          ELSE ARRAY[]::text[] END,
        message = ${decision.message}::text,
        answers = CASE WHEN ${decision.allow} THEN ${decision.answers === null ? null : JSON.stringify(decision.answers)}::jsonb END,
        decided_by = ${decision.decidedBy}::text,
        decided_at = now()
      WHERE a.id = ${decision.approvalId} AND a.status = 'pending'
      RETURNING a.*
    ), next AS (
      -- The statement's snapshot still has the decided approval pending: it is left out by id.
      SELECT d.execution_id, (
        SELECT jsonb_build_object('approvalId', p.id, 'kind', p.kind, 'summary', p.summary) FROM approvals p
         WHERE p.execution_id = d.execution_id AND p.status = 'pending' AND p.id <> d.id ORDER BY p.number LIMIT 1
      ) AS waiting FROM decided d
    ), waited AS (
      UPDATE executions e SET waiting_for = next.waiting, updated_at = now() FROM next WHERE e.id = next.execution_id RETURNING e.id
    ), notified AS (
      SELECT pg_notify(${toRunner.channel}::text, ${toRunner.payload}::text), pg_notify(${STATUS_CHANNEL}, w.id::text) FROM decided d, waited w
    )
    SELECT ${COLUMNS}, i.title AS "issueTitle", e.managed_session_id AS "managedSessionId", (SELECT count(*) FROM notified) AS "notified"
      FROM decided d JOIN issues i ON i.id = d.issue_id JOIN executions e ON e.id = d.execution_id`;
  const row = rows[0];
  if (!row) return null;
  const { issueTitle, managedSessionId, notified: _sent, ...approval } = row as typeof row & { notified: bigint };
  return { ...approval, issue: { title: issueTitle }, execution: { managedSessionId } } as ApprovalRow;
}
