import "server-only";
import { isUuid } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";

export async function findExecution(id: string): Promise<Result<Execution>> {
  if (!isUuid(id)) return notFound(`Execution "${id.slice(0, 60)}" not found: execution ids are UUIDs`);
  const row = await prisma.execution.findUnique({ where: { id: id.toLowerCase() } });
  return row ? ok(row) : notFound(`Execution ${id} not found`);
}
