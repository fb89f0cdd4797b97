import "server-only";
import { prisma } from "@/server/db";
import { isPrismaError } from "@/server/http/prisma-errors";
import { syncReferences } from "@/server/references/sync-references";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { Spec, UpdateSpecData } from "@/lib/specs/schema";
import { specInclude, toSpecDto } from "./spec-dto";

export async function updateSpec(rawId: string, input: UpdateSpecData): Promise<Result<Spec>> {
  const id = parseId("spec", rawId);
  if (!id) return notFound(notFoundMessage("spec", rawId));
  try {
    const row = await prisma.$transaction(async (tx) => {
      const spec = await tx.spec.update({
        where: { id },
        data: { title: input.title, body: input.body },
        include: specInclude,
      });
      // The [[…]] references the body cites are stored with it.
      if (input.body !== undefined) await syncReferences(tx, { type: "spec", id }, input.body);
      return spec;
    });
    return ok(toSpecDto(row));
  } catch (error) {
    if (isPrismaError(error, "P2025")) return notFound(notFoundMessage("spec", rawId));
    throw error;
  }
}
