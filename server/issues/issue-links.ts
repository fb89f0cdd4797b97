import "server-only";
import { missingProjectMessage } from "@/lib/projects/ids";
import type { CreateIssueData } from "@/lib/issues/schema";
import { invalidField, type AppError, type Err } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { isPrismaError } from "@/server/http/prisma-errors";
import { projectExists } from "@/server/projects/project-exists";
import { missingSpecMessage } from "./issue-dto";

// An issue links to a spec and a project, which must exist: checked inside
// the transaction that writes it (createIssue, updateIssue), and told apart
// again when one was deleted between that check and the write.

type Links = { specId?: string | null; projectId?: string | null };

/** The 422 naming a spec or project the issue would link to that does not exist; null when both do (or none is named). */
export async function missingLink(tx: Prisma.TransactionClient, { specId, projectId }: Links): Promise<Err<AppError> | null> {
  if (specId && !(await tx.spec.findUnique({ where: { id: specId }, select: { id: true } }))) return invalidField("specId", missingSpecMessage(specId));
  if (projectId && !(await projectExists(tx, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
  return null;
}

/** After a write failed: the 422 when its spec or project was deleted meanwhile (a foreign key refused it); null for any other failure. */
export async function vanishedLink(error: unknown, { specId, projectId }: Links): Promise<Err<AppError> | null> {
  if (!isPrismaError(error, "P2003")) return null;
  if (projectId && !(await projectExists(prisma, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
  if (specId) return invalidField("specId", missingSpecMessage(specId));
  return null;
}

type IssueFields = Pick<CreateIssueData, "title" | "body" | "status" | "priority" | "specId" | "projectId">;

/** The columns a create or an update writes (an update leaves out what it was not given: undefined). */
export function issueColumns<T extends Partial<IssueFields>>(input: T): { [K in keyof IssueFields]: T[K] } {
  return { title: input.title, body: input.body, status: input.status, priority: input.priority, specId: input.specId, projectId: input.projectId };
}
