import "server-only";
import { prisma } from "@/server/db";
import { nextId } from "@/server/ids/next-number";
import { syncReferences } from "@/server/references/sync-references";
import { ok, type Result } from "@/lib/result";
import type { CreateSpecData, Spec } from "@/lib/specs/schema";
import { specInclude, toSpecDto } from "./spec-dto";

export async function createSpec(input: CreateSpecData): Promise<Result<Spec>> {
  const row = await prisma.$transaction(async (tx) => {
    const { id, number } = await nextId(tx, "spec");
    const spec = await tx.spec.create({
      data: { id, number, title: input.title, body: input.body },
      include: specInclude,
    });
    await syncReferences(tx, { type: "spec", id }, input.body);
    return spec;
  });
  return ok(toSpecDto(row));
}
