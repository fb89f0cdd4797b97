import { prisma } from "@/server/db";
import type { LaunchFacts } from "@/server/executions/resolve-launch-mode";
import { sessionMovedOnSince } from "@/server/executions/session-head";
import type { Execution } from "@/server/generated/prisma/client";

/** What resolveLaunchMode needs to know about an execution, read from the database at launch. */
export async function gatherLaunchFacts(execution: Execution): Promise<LaunchFacts> {
  const [source, parent] = await Promise.all([
    execution.forkedFromExecutionId ? prisma.execution.findUnique({ where: { id: execution.forkedFromExecutionId } }) : null,
    execution.parentExecutionId ? prisma.execution.findUnique({ where: { id: execution.parentExecutionId }, select: { sessionId: true } }) : null,
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
    sourceSessionMovedOn: source !== null && fromSessionId !== null && (await sessionMovedOnSince(source, fromSessionId)),
  };
}
