import "server-only";
import { prisma } from "@/server/db";
import { refreshWaitingFor } from "@/server/approvals/record-approval-request";

/**
 * Approvals nobody decided while their turn ran: "cancelled" when the run was
 * cancelled, "expired" when it ended otherwise (the agent process died, the
 * runner stopped or was lost). The execution no longer waits. Returns the
 * ids it settled.
 */
export async function settlePendingApprovals(executionIds: readonly string[], status: "cancelled" | "expired", message: string): Promise<string[]> {
  if (executionIds.length === 0) return [];
  return prisma.$transaction(async (tx) => {
    const pending = await tx.approval.findMany({
      where: { executionId: { in: [...executionIds] }, status: "pending" },
      select: { id: true, executionId: true },
    });
    if (pending.length === 0) return [];
    await tx.approval.updateMany({
      where: { id: { in: pending.map((p) => p.id) }, status: "pending" },
      data: { status, message, decidedBy: "Arbor", decidedAt: new Date() },
    });
    for (const executionId of new Set(pending.map((p) => p.executionId))) await refreshWaitingFor(tx, executionId);
    return pending.map((p) => p.id);
  });
}
