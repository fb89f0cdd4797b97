import "server-only";
import { prisma } from "@/server/db";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { Spec } from "@/lib/specs/schema";
import { specInclude, toSpecDto } from "./spec-dto";

/** Finds a spec by id, case-insensitively ("spec-3" finds SPEC-3). */
export async function getSpec(rawId: string): Promise<Result<Spec>> {
  const id = parseId("spec", rawId);
  const row = id ? await prisma.spec.findUnique({ where: { id }, include: specInclude }) : null;
  return row ? ok(toSpecDto(row)) : notFound(notFoundMessage("spec", rawId));
}
