import "server-only";
import { prisma } from "@/server/db";
import { nextId } from "@/server/ids/next-number";
import { isPrismaError } from "@/server/http/prisma-errors";
import { syncReferences } from "@/server/references/sync-references";
import { invalidField, ok, type Result } from "@/lib/result";
import type { CreateIssueData, Issue } from "@/lib/issues/schema";
import { issueInclude, missingSpecMessage, toIssueDto } from "./issue-dto";

export async function createIssue(input: CreateIssueData): Promise<Result<Issue>> {
  const { specId } = input;
  try {
    return await prisma.$transaction(async (tx): Promise<Result<Issue>> => {
      if (specId && !(await tx.spec.findUnique({ where: { id: specId }, select: { id: true } }))) {
        return invalidField("specId", missingSpecMessage(specId));
      }
      const { id, number } = await nextId(tx, "issue");
      const row = await tx.issue.create({
        data: {
          id,
          number,
          title: input.title,
          body: input.body,
          status: input.status,
          priority: input.priority,
          specId,
        },
        include: issueInclude,
      });
      await syncReferences(tx, { type: "issue", id }, input.body);
      return ok(toIssueDto(row));
    });
  } catch (error) {
    // The spec was deleted between our check and the insert.
    if (specId && isPrismaError(error, "P2003")) return invalidField("specId", missingSpecMessage(specId));
    throw error;
  }
}
