import "server-only";
import { isUuid } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution, Runner, Session } from "@/server/generated/prisma/client";

export async function findExecution(id: string): Promise<Result<Execution>> {
  if (!isUuid(id)) return notUuid(id);
  const row = await prisma.execution.findUnique({ where: { id: id.toLowerCase() } });
  return row ? ok(row) : notFound(`Execution ${id} not found`);
}

export type FollowUpSource = Execution & { runner: Runner | null; managedSession: Session | null };

/** The execution a Continue or Fork follows up, with its runner and its Session (SESS-n), in one query. */
export async function findFollowUpSource(id: string): Promise<Result<FollowUpSource>> {
  if (!isUuid(id)) return notUuid(id);
  const row = await prisma.execution.findUnique({ where: { id: id.toLowerCase() }, include: { runner: true, managedSession: true } });
  return row ? ok(row) : notFound(`Execution ${id} not found`);
}

const notUuid = (id: string) => notFound(`Execution "${id.slice(0, 60)}" not found: execution ids are UUIDs`);
