import { locateAgentBinary } from "@/server/agents/agent-setup";
import { agentRegistry } from "@/server/agents/registry";

/**
 * The agents whose programs this runner finds with the environment its agents
 * get (their *_BIN variables, the agents file, PATH): a few stats, no probe.
 * Recorded on the runner's row at start and on every heartbeat, so the API can
 * refuse a run no live runner could start, before anything is queued.
 */
export async function findInstalledAgents(env: Readonly<Record<string, string | undefined>>): Promise<string[]> {
  const agents = agentRegistry().agents;
  const found = await Promise.all(agents.map(async (agent) => ((await locateAgentBinary(agent, env)).ok ? agent.definition.id : null)));
  return found.filter((id): id is string => id !== null);
}
