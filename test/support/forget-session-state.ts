import { prisma } from "@/server/db";
import { waitFor } from "@/test/support/wait";

/**
 * For tests of a session the agent lost: Arbor keeps its own copy of the
 * agent's session state after every turn (server/session-state/) and would
 * restore it, so a session is lost only once that copy is gone too. Waits for
 * the copy the turn's runner stores after it (beside its check), then deletes
 * every copy of the session.
 */
export async function forgetSessionState(execution: { id: string; sessionId: string | null }): Promise<void> {
  await waitFor(
    async () => ((await prisma.sessionState.count({ where: { executionId: execution.id } })) > 0 ? true : undefined),
    `Arbor's copy of the session state after execution ${execution.id}`,
  );
  await prisma.sessionState.deleteMany({ where: { agentSessionId: execution.sessionId! } });
}
