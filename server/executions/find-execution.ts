import "server-only";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findExecution(id: string): Promise<Result<Execution>> {
  if (!UUID.test(id)) return notFound(`Execution "${id.slice(0, 60)}" not found: execution ids are UUIDs`);
  const row = await prisma.execution.findUnique({ where: { id: id.toLowerCase() } });
  return row ? ok(row) : notFound(`Execution ${id} not found`);
}
