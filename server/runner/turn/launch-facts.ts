import { prisma } from "@/server/db";
import { sessionMovedOnSince } from "@/server/executions/session-head";
import type { Execution } from "@/server/generated/prisma/client";
import type { LaunchFacts } from "@/server/turns/resolve-launch-mode";

/**
 * What resolveLaunchMode needs to know about an execution, read from the
 * database at launch, and the Session (SESS-n) of the turn it continues (a
 * turn that follows its parent into a new session joins that one: rewrite-lineage.ts).
 */
export async function gatherLaunchFacts(execution: Execution): Promise<LaunchFacts & { parentManagedSessionId: string | null }> {
  const [source, parent] = await Promise.all([
    execution.forkedFromExecutionId ? prisma.execution.findUnique({ where: { id: execution.forkedFromExecutionId } }) : null,
    execution.parentExecutionId
      ? prisma.execution.findUnique({ where: { id: execution.parentExecutionId }, select: { sessionId: true, managedSessionId: true } })
      : null,
  ]);
  const fromSessionId = execution.forkSessionId ?? source?.sessionId ?? null;
  return {
    execution: {
      targetSessionId: execution.targetSessionId,
      parentExecutionId: execution.parentExecutionId,
      forkedFromExecutionId: execution.forkedFromExecutionId,
      forkSessionId: execution.forkSessionId,
    },
    forkSource: source && { sessionId: source.sessionId, lastMessageId: source.lastMessageId },
    parentSessionId: parent?.sessionId ?? null,
    parentManagedSessionId: parent?.managedSessionId ?? null,
    sourceSessionMovedOn: source !== null && fromSessionId !== null && (await sessionMovedOnSince(source, fromSessionId)),
  };
}
