import "server-only";
import { prisma } from "@/server/db";
import { nextId } from "@/server/ids/next-number";
import { isPrismaError } from "@/server/http/prisma-errors";
import { syncReferences } from "@/server/references/sync-references";
import { invalidField, ok, type Result } from "@/lib/result";
import { missingProjectMessage } from "@/lib/projects/ids";
import { projectExists } from "@/server/projects/project-exists";
import type { CreateIssueData, Issue } from "@/lib/issues/schema";
import { issueInclude, missingSpecMessage, toIssueDto } from "./issue-dto";

export async function createIssue(input: CreateIssueData): Promise<Result<Issue>> {
  const { specId, projectId } = input;
  try {
    return await prisma.$transaction(async (tx): Promise<Result<Issue>> => {
      if (specId && !(await tx.spec.findUnique({ where: { id: specId }, select: { id: true } }))) {
        return invalidField("specId", missingSpecMessage(specId));
      }
      if (projectId && !(await projectExists(tx, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
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
          projectId,
        },
        include: issueInclude,
      });
      await syncReferences(tx, { type: "issue", id }, input.body);
      return ok(toIssueDto(row));
    });
  } catch (error) {
    // The spec was deleted between our check and the insert.
    if (isPrismaError(error, "P2003")) {
      if (projectId && !(await projectExists(prisma, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
      if (specId) return invalidField("specId", missingSpecMessage(specId));
    }
    throw error;
  }
}
