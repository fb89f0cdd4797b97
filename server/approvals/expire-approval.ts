import "server-only";
import { prisma } from "@/server/db";
import { refreshWaitingFor } from "@/server/approvals/record-approval-request";

/**
 * An approval that waited ARBOR_APPROVAL_TIMEOUT without a decision: expired,
 * unless a person decided it meanwhile (then false: their decision stands).
 */
export async function expireApproval(approvalId: string, executionId: string, message: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const updated = await tx.approval.updateMany({
      where: { id: approvalId, status: "pending" },
      data: { status: "expired", message, decidedBy: "wait limit", decidedAt: new Date() },
    });
    if (updated.count === 0) return false;
    await refreshWaitingFor(tx, executionId);
    return true;
  });
}
