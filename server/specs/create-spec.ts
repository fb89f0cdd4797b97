import "server-only";
import { prisma } from "@/server/db";
import { nextId } from "@/server/ids/next-number";
import { syncReferences } from "@/server/references/sync-references";
import { invalidField, ok, type Result } from "@/lib/result";
import { missingProjectMessage } from "@/lib/projects/ids";
import { isPrismaError } from "@/server/http/prisma-errors";
import { projectExists } from "@/server/projects/project-exists";
import type { CreateSpecData, Spec } from "@/lib/specs/schema";
import { specInclude, toSpecDto } from "./spec-dto";

export async function createSpec(input: CreateSpecData): Promise<Result<Spec>> {
  const { projectId } = input;
  if (projectId && !(await projectExists(prisma, projectId))) return invalidField("projectId", missingProjectMessage(projectId));
  try {
    const row = await prisma.$transaction(async (tx) => {
      const { id, number } = await nextId(tx, "spec");
      const spec = await tx.spec.create({
        data: { id, number, title: input.title, body: input.body, projectId },
        include: specInclude,
      });
      await syncReferences(tx, { type: "spec", id }, input.body);
      return spec;
    });
    return ok(toSpecDto(row));
  } catch (error) {
    // The project was removed between our check and the insert.
    if (projectId && isPrismaError(error, "P2003")) return invalidField("projectId", missingProjectMessage(projectId));
    throw error;
  }
}
