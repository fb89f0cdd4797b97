import "server-only";
import { getAgentDefinition } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { isRunnerAlive } from "@/server/runners/runner-liveness";

// When the runner that holds a session cannot take its next turn (offline,
// or draining): another live runner that takes turns and has the turn's
// agent, the least busy, so the turn is queued for it (resolveFollowUp's
// `elsewhere`; the any-runner task would let a runner without the agent take
// it and fail it). That runner restores the agent's session state and the
// line's files first (server/session-state/, server/runner/workspace/). If it
// goes away in turn, its queued turns are handed on like any runner's.

export type OtherRunner = { agentName: string; available: boolean; runnerId: string | null };

export async function otherRunnerFor(agentId: string, exceptRunnerId: string | null): Promise<OtherRunner> {
  const agentName = getAgentDefinition(agentId)?.displayName ?? agentId;
  const rows = await prisma.runner.findMany({
    where: { stoppedAt: null, drainingAt: null, installedAgents: { has: agentId }, ...(exceptRunnerId ? { id: { not: exceptRunnerId } } : {}) },
    select: { id: true, heartbeatAt: true, stoppedAt: true },
  });
  const live = rows.filter((runner) => isRunnerAlive(runner)).map((runner) => runner.id);
  if (live.length === 0) return { agentName, available: false, runnerId: null };
  const busy = await prisma.execution.groupBy({ by: ["runnerId"], where: { status: "running", runnerId: { in: live } }, _count: { _all: true } });
  const load = new Map(busy.map((row) => [row.runnerId, row._count._all]));
  const [runnerId] = [...live].sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a.localeCompare(b));
  return { agentName, available: true, runnerId: runnerId ?? null };
}
