import "server-only";
import type { ApprovalKind, WaitingFor } from "@/lib/approvals/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { announce, notice } from "@/server/realtime/announce";
import { approvalInclude, type ApprovalRow } from "@/server/approvals/approval-dto";
import { nextNumber } from "@/server/ids/next-number";

export type ApprovalRequest = {
  executionId: string;
  issueId: string;
  projectId: string | null;
  agent: string;
  agentSessionId: string | null;
  runnerId: string;
  requestId: string;
  toolUseId: string | null;
  kind: ApprovalKind;
  toolName: string;
  input: Prisma.InputJsonValue;
  summary: string;
  reason: string | null;
  suggestedRules: string[];
};

/**
 * The runner records a request the moment the agent asks: the approval
 * (APR-n), the execution's `waitingFor` (the oldest it waits on) and the
 * NOTIFY that tells open pages, in one transaction.
 */
export async function recordApprovalRequest(request: ApprovalRequest): Promise<ApprovalRow> {
  return prisma.$transaction(async (tx) => {
    const number = await nextNumber(tx, "approval");
    const row = await tx.approval.create({ data: { id: `APR-${number}`, number, ...request }, include: approvalInclude });
    await refreshWaitingFor(tx, request.executionId);
    return row;
  });
}

/** Sets an execution's waitingFor to the oldest approval it still waits on (or clears it), and tells open pages. */
export async function refreshWaitingFor(tx: Prisma.TransactionClient, executionId: string): Promise<void> {
  const oldest = await tx.approval.findFirst({ where: { executionId, status: "pending" }, orderBy: { number: "asc" } });
  const waitingFor: WaitingFor | null = oldest ? { approvalId: oldest.id, kind: oldest.kind, summary: oldest.summary } : null;
  await tx.execution.update({ where: { id: executionId }, data: { waitingFor: waitingFor ?? Prisma.DbNull } });
  await announce(tx, notice.status(executionId));
}
