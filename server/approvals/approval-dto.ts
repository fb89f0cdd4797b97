import "server-only";
import type { Approval, ApprovalScope } from "@/lib/approvals/schema";
import type { Prisma } from "@/server/generated/prisma/client";
import { approvalDetail } from "@/lib/approvals/describe";

/** What an approval is read with: its issue's title and its execution's Arbor session. */
export const approvalInclude = {
  issue: { select: { title: true } },
  execution: { select: { managedSessionId: true } },
} satisfies Prisma.ApprovalInclude;

export type ApprovalRow = Prisma.ApprovalGetPayload<{ include: typeof approvalInclude }>;

export function toApprovalDto(row: ApprovalRow): Approval {
  return {
    id: row.id,
    number: row.number,
    executionId: row.executionId,
    issueId: row.issueId,
    issueTitle: row.issue.title,
    projectId: row.projectId,
    agent: row.agent,
    agentSessionId: row.agentSessionId,
    managedSessionId: row.execution.managedSessionId,
    kind: row.kind,
    toolName: row.toolName,
    input: row.input,
    summary: row.summary,
    detail: approvalDetail(row.kind, row.input),
    reason: row.reason,
    suggestedRules: row.suggestedRules,
    status: row.status,
    // Written only from APPROVAL_SCOPES (decide-approval.ts).
    scope: row.scope as ApprovalScope | null,
    rememberedRules: row.rememberedRules,
    message: row.message,
    answers: isStringRecord(row.answers) ? row.answers : null,
    decidedBy: row.decidedBy,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}
