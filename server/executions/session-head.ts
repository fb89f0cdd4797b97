import "server-only";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";

// The head of an agent session is its latest turn: the execution after which
// a plain `--resume` continues. Turns that never touched the session (cancelled
// before start, rejected with session_not_found) do not count.
export function sessionOf(execution: Execution): string | null {
  if (execution.sessionId) return execution.sessionId;
  if (execution.status === "queued" || execution.status === "running") return execution.targetSessionId;
  return null;
}

export async function findSessionHead(sessionId: string): Promise<Execution | null> {
  return prisma.execution.findFirst({
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
