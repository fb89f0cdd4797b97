import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import { ConversationTurnBuilder } from "@/lib/sessions/conversation";
import type { SessionConversation } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { readExecutionLog } from "@/server/executions/read-execution-log";

/**
 * A session's conversation, turn by turn (its executions, in the order the
 * session page lists them): each turn's answer, tools, files and mark, read
 * from the stored events. Nothing is asked of a model.
 */
export async function getSessionConversation(rawRef: string): Promise<Result<SessionConversation>> {
  const id = parseId("session", rawRef);
  if (!id) return notFound(notFoundMessage("session", rawRef));
  const session = await prisma.session.findUnique({ where: { id }, select: { id: true } });
  if (!session) return notFound(notFoundMessage("session", rawRef));

  const executions = await prisma.execution.findMany({
    where: { managedSessionId: id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, agent: true, mark: { select: { verdict: true } } },
  });
  const turns: SessionConversation["turns"] = [];
  for (const execution of executions) {
    const builder = new ConversationTurnBuilder(execution.id);
    await readExecutionLog(execution, (entries) => builder.add(entries));
    turns.push({ ...builder.build(), mark: execution.mark?.verdict ?? null });
  }
  return ok({ sessionId: id, turns });
}
