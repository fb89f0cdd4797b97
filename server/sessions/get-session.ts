import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { SessionDetail, SessionLink } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { findSessionHead } from "@/server/executions/session-head";
import { selectSessions } from "@/server/sessions/session-rows";

/** A session by ref ("SESS-3", any case) with its executions in order, head, issue, parent and child sessions. */
export async function getSession(rawRef: string): Promise<Result<SessionDetail>> {
  const id = parseId("session", rawRef);
  if (!id) return notFound(notFoundMessage("session", rawRef));
  const [summary] = await selectSessions(Prisma.sql`s.id = ${id}`, 1);
  if (!summary) return notFound(notFoundMessage("session", rawRef));

  const [executions, head, related] = await Promise.all([
    prisma.execution.findMany({ where: { managedSessionId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    findSessionHead(summary.agentSessionId),
    selectSessions(
      summary.parentSessionId ? Prisma.sql`(s.parent_session_id = ${id} OR s.id = ${summary.parentSessionId})` : Prisma.sql`s.parent_session_id = ${id}`,
      500,
    ),
  ]);
  const link = (s: (typeof related)[number]): SessionLink => ({
    id: s.id,
    title: s.title,
    archived: s.archived,
    lastActivityAt: s.lastActivityAt,
    forkedFromExecutionId: s.forkedFromExecutionId,
  });
  const parent = related.find((s) => s.id === summary.parentSessionId);
  const children = related.filter((s) => s.parentSessionId === id).sort((a, b) => a.number - b.number);
  // The head is another agent's session only if two agents ever shared an id; never pick it then.
  const ownHead = head && head.agent === summary.agent ? head : null;
  return ok({
    ...summary,
    executions: executions.map((row) => toExecutionDto(row)),
    headExecutionId: ownHead?.id ?? null,
    head: ownHead ? toExecutionDto(ownHead) : null,
    parentSession: parent ? link(parent) : null,
    childSessions: children.map(link),
  });
}
