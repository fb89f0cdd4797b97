import "server-only";
import { prisma } from "@/server/db";
import { isPrismaError } from "@/server/http/prisma-errors";
import { syncReferences } from "@/server/references/sync-references";
import { notFoundMessage, parseId } from "@/lib/ids";
import { invalidField, notFound, ok, type Result } from "@/lib/result";
import { missingProjectMessage } from "@/lib/projects/ids";
import { projectExists } from "@/server/projects/project-exists";
import type { Issue, UpdateIssueData } from "@/lib/issues/schema";
import { issueInclude, missingSpecMessage, toIssueDto } from "./issue-dto";

/** Updates the given fields; `specId: null` unlinks the issue from its spec. */
export async function updateIssue(rawId: string, input: UpdateIssueData): Promise<Result<Issue>> {
  const id = parseId("issue", rawId);
  if (!id) return notFound(notFoundMessage("issue", rawId));
  const { specId, projectId } = input;
  try {
    return await prisma.$transaction(async (tx): Promise<Result<Issue>> => {
      const exists = await tx.issue.findUnique({ where: { id }, select: { id: true } });
      if (!exists) return notFound(notFoundMessage("issue", rawId));
      if (specId && !(await tx.spec.findUnique({ where: { id: specId }, select: { id: true } }))) {
        return invalidField("specId", missingSpecMessage(specId));
      }
      if (projectId && !(await projectExists(tx, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
      const row = await tx.issue.update({
        where: { id },
        data: {
          title: input.title,
          body: input.body,
          status: input.status,
          priority: input.priority,
          specId,
          projectId,
        },
        include: issueInclude,
      });
      // The [[…]] references the body cites are stored with it.
      if (input.body !== undefined) await syncReferences(tx, { type: "issue", id }, input.body);
      return ok(toIssueDto(row));
    });
  } catch (error) {
    if (isPrismaError(error, "P2025")) return notFound(notFoundMessage("issue", rawId));
    if (isPrismaError(error, "P2003")) {
      if (projectId && !(await projectExists(prisma, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
      if (specId) return invalidField("specId", missingSpecMessage(specId));
    }
    throw error;
  }
}
