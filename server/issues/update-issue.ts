import "server-only";
import { prisma } from "@/server/db";
import { isPrismaError } from "@/server/http/prisma-errors";
import { syncReferences } from "@/server/references/sync-references";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { Issue, UpdateIssueData } from "@/lib/issues/schema";
import { issueInclude, toIssueDto } from "./issue-dto";
import { issueColumns, missingLink, vanishedLink } from "./issue-links";

/** Updates the given fields; `specId: null` unlinks the issue from its spec. */
export async function updateIssue(rawId: string, input: UpdateIssueData): Promise<Result<Issue>> {
  const id = parseId("issue", rawId);
  if (!id) return notFound(notFoundMessage("issue", rawId));
  try {
    return await prisma.$transaction(async (tx): Promise<Result<Issue>> => {
      const exists = await tx.issue.findUnique({ where: { id }, select: { id: true } });
      if (!exists) return notFound(notFoundMessage("issue", rawId));
      const missing = await missingLink(tx, input);
      if (missing) return missing;
      const row = await tx.issue.update({ where: { id }, data: issueColumns(input), include: issueInclude });
      // The [[…]] references the body cites are stored with it.
      if (input.body !== undefined) await syncReferences(tx, { type: "issue", id }, input.body);
      return ok(toIssueDto(row));
    });
  } catch (error) {
    if (isPrismaError(error, "P2025")) return notFound(notFoundMessage("issue", rawId));
    const vanished = await vanishedLink(error, input);
    if (vanished) return vanished;
    throw error;
  }
}
