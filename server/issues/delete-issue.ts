import "server-only";
import { prisma } from "@/server/db";
import { isPrismaError } from "@/server/http/prisma-errors";
import { deleteReferencesFrom } from "@/server/references/sync-references";
import { notFoundMessage, parseId } from "@/lib/ids";
import { conflict, notFound, ok, type Result } from "@/lib/result";
import type { DeleteIssueResponse } from "@/lib/issues/schema";

export async function deleteIssue(rawId: string): Promise<Result<DeleteIssueResponse>> {
  const id = parseId("issue", rawId);
  if (!id) return notFound(notFoundMessage("issue", rawId));
  try {
    // One transaction: when the delete is refused (executions refer to the
    // issue), the references it cites stay too.
    await prisma.$transaction(async (tx) => {
      await deleteReferencesFrom(tx, { type: "issue", id });
      await tx.issue.delete({ where: { id } });
    });
    return ok({ id, deleted: true as const });
  } catch (error) {
    if (isPrismaError(error, "P2025")) return notFound(notFoundMessage("issue", rawId));
    // Other records (e.g. executions) may reference issues and forbid the delete.
    if (isPrismaError(error, "P2003")) {
      return conflict(`Issue ${id} cannot be deleted because other records (such as executions) still refer to it`);
    }
    throw error;
  }
}
