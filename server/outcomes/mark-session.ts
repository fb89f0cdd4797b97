import "server-only";
import type { z } from "zod";
import { notFoundMessage, parseId } from "@/lib/ids";
import type { markSessionSchema, SessionOutcome } from "@/lib/outcomes/schema";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { toMarkDto } from "@/server/outcomes/outcome-dto";

export type MarkSessionData = z.output<typeof markSessionSchema>;

async function sessionIdOf(rawRef: string): Promise<Result<string>> {
  const id = parseId("session", rawRef);
  if (!id) return notFound(notFoundMessage("session", rawRef));
  const exists = await prisma.session.findUnique({ where: { id }, select: { id: true } });
  return exists ? ok(id) : notFound(notFoundMessage("session", rawRef));
}

/** A session's worked / failed mark: it counts for each of its executions that has none of its own. */
export async function getSessionOutcome(rawRef: string): Promise<Result<SessionOutcome>> {
  const id = await sessionIdOf(rawRef);
  if (!id.ok) return id;
  const mark = await prisma.sessionMark.findUnique({ where: { sessionId: id.value } });
  return ok({ sessionId: id.value, mark: mark ? toMarkDto(mark) : null });
}

export async function markSession(rawRef: string, input: MarkSessionData): Promise<Result<SessionOutcome>> {
  const id = await sessionIdOf(rawRef);
  if (!id.ok) return id;
  const data = { verdict: input.mark, note: input.note ?? "", markedBy: input.by ?? null, via: input.via ?? "api" };
  const mark = await prisma.sessionMark.upsert({ where: { sessionId: id.value }, create: { sessionId: id.value, ...data }, update: data });
  return ok({ sessionId: id.value, mark: toMarkDto(mark) });
}

/** Idempotent. */
export async function unmarkSession(rawRef: string): Promise<Result<SessionOutcome>> {
  const id = await sessionIdOf(rawRef);
  if (!id.ok) return id;
  await prisma.sessionMark.deleteMany({ where: { sessionId: id.value } });
  return ok({ sessionId: id.value, mark: null });
}
