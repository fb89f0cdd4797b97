import { prisma } from "@/server/db";

/** Whether Arbor holds the agent's own state of a session (so another runner can resume it natively). */
export async function hasSessionState(agent: string, agentSessionId: string): Promise<boolean> {
  return (await prisma.sessionState.count({ where: { agent, agentSessionId }, take: 1 })) > 0;
}
