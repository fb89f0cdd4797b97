import "server-only";
import { prisma } from "@/server/db";
import { isPrismaError } from "@/server/http/prisma-errors";
import { syncReferences } from "@/server/references/sync-references";
import { notFoundMessage, parseId } from "@/lib/ids";
import { invalidField, notFound, ok, type Result } from "@/lib/result";
import { missingProjectMessage } from "@/lib/projects/ids";
import { projectExists } from "@/server/projects/project-exists";
import type { Spec, UpdateSpecData } from "@/lib/specs/schema";
import { specInclude, toSpecDto } from "./spec-dto";

export async function updateSpec(rawId: string, input: UpdateSpecData): Promise<Result<Spec>> {
  const id = parseId("spec", rawId);
  if (!id) return notFound(notFoundMessage("spec", rawId));
  const { projectId } = input;
  if (projectId && !(await projectExists(prisma, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
  try {
    const row = await prisma.$transaction(async (tx) => {
      const spec = await tx.spec.update({
        where: { id },
        data: { title: input.title, body: input.body, projectId },
        include: specInclude,
      });
      // The [[…]] references the body cites are stored with it.
      if (input.body !== undefined) await syncReferences(tx, { type: "spec", id }, input.body);
      return spec;
    });
    return ok(toSpecDto(row));
  } catch (error) {
    if (isPrismaError(error, "P2025")) return notFound(notFoundMessage("spec", rawId));
    if (projectId && isPrismaError(error, "P2003")) return invalidField("projectId", missingProjectMessage(projectId));
    throw error;
  }
}
