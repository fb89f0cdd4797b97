import "server-only";
import { prisma } from "@/server/db";
import type { Execution, Prisma } from "@/server/generated/prisma/client";

// The head of an agent session is its latest turn: the execution after which
// a plain `--resume` continues. Turns that never touched the session (cancelled
// before start, rejected with session_not_found) do not count.
export function sessionOf(execution: Execution): string | null {
  if (execution.sessionId) return execution.sessionId;
  if (execution.status === "queued" || execution.status === "running") return execution.targetSessionId;
  return null;
}

/** `db`: a transaction holding the session's lock (session-lock.ts) when the answer decides what is recorded. */
export async function findSessionHead(sessionId: string, db: Prisma.TransactionClient = prisma): Promise<Execution | null> {
  return db.execution.findFirst({
    where: {
      OR: [{ sessionId }, { sessionId: null, targetSessionId: sessionId, status: { in: ["queued", "running"] } }],
      // (error_code IS NULL OR …): a bare NOT on a nullable column would drop NULL rows.
      AND: [
        { OR: [{ errorCode: null }, { errorCode: { not: "session_not_found" } }] },
        { NOT: { status: { in: ["cancelled", "failed", "interrupted"] }, startedAt: null } },
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/**
 * Whether the session has moved on since `source` ran: a later turn ran, runs,
 * or is about to (a continuation that is queued or starting has not reported
 * the session id yet, since sessionId is null until system/init, yet its
 * prompt may already be in the transcript by the time a fork's agent reads it).
 */
export async function sessionMovedOnSince(source: Execution, sessionId: string): Promise<boolean> {
  const later = await prisma.execution.findFirst({
    where: {
      id: { not: source.id },
      createdAt: { gt: source.createdAt },
      OR: [
        { sessionId, startedAt: { not: null } },
        { sessionId: null, targetSessionId: sessionId, status: { in: ["queued", "running"] } },
      ],
    },
    select: { id: true },
  });
  return later !== null;
}

/** The earlier turn of the same session a queued execution is waiting for, if any. */
export async function findBlockingTurn(execution: Execution): Promise<Execution | null> {
  if (execution.status !== "queued") return null;
  const session = execution.parentExecutionId ? execution.targetSessionId : execution.forkSessionId;
  if (!session) return null;
  return prisma.execution.findFirst({
    where: {
      id: { not: execution.id },
      OR: [{ sessionId: session }, { targetSessionId: session }],
      status: { in: ["queued", "running"] },
      createdAt: { lte: execution.createdAt },
    },
    orderBy: { createdAt: "asc" },
  });
}
