import "server-only";
import type { ApprovalList, ApprovalListQuery } from "@/lib/approvals/schema";
import { isUuid } from "@/lib/ids";
import { ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { approvalInclude, toApprovalDto } from "@/server/approvals/approval-dto";

/**
 * Approvals across issues and projects: pending ones oldest first (the Inbox:
 * the longest-waiting first), decided ones newest first. `pendingCount` is
 * every pending approval's, whatever the filters (the navigation's count).
 */
export async function listApprovals(query: ApprovalListQuery): Promise<Result<ApprovalList>> {
  const where: Prisma.ApprovalWhereInput = {
    ...(query.status === "pending" ? { status: "pending" } : query.status === "decided" ? { status: { not: "pending" } } : {}),
    ...(query.executionId && isUuid(query.executionId) ? { executionId: query.executionId } : {}),
    ...(query.issueId ? { issueId: query.issueId.toUpperCase() } : {}),
  };
  // An execution id that cannot be one matches nothing (never a 500 from a uuid cast).
  if (query.executionId && !isUuid(query.executionId)) return ok({ approvals: [], pendingCount: await pendingCount() });
  const [rows, count] = await Promise.all([
    prisma.approval.findMany({
      where,
      include: approvalInclude,
      orderBy: query.status === "pending" ? { number: "asc" } : { number: "desc" },
      take: query.limit,
    }),
    pendingCount(),
  ]);
  return ok({ approvals: rows.map(toApprovalDto), pendingCount: count });
}

function pendingCount(): Promise<number> {
  return prisma.approval.count({ where: { status: "pending" } });
}
