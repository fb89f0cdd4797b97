import "server-only";
import { getAgentDefinition } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { isRunnerAlive } from "@/server/runners/runner-liveness";

// When the runner that holds a session cannot take its next turn (offline,
// or draining): whether another live runner that takes turns has the turn's
// agent, so the turn can go there (resolveFollowUp's `elsewhere`). That
// runner restores the agent's session state and the line's files first
// (server/session-state/, server/runner/workspace/).

export async function otherRunnerFor(agentId: string, exceptRunnerId: string | null): Promise<{ agentName: string; available: boolean }> {
  const agentName = getAgentDefinition(agentId)?.displayName ?? agentId;
  const runners = await prisma.runner.findMany({
    where: { stoppedAt: null, drainingAt: null, installedAgents: { has: agentId }, ...(exceptRunnerId ? { id: { not: exceptRunnerId } } : {}) },
    select: { heartbeatAt: true, stoppedAt: true },
  });
  return { agentName, available: runners.some((runner) => isRunnerAlive(runner)) };
}
