import { defaultHomeRoot, locateAgentBinary } from "@/server/agents/agent-setup";
import { judgeReadiness, type AgentNeed } from "@/server/agents/agent-readiness";
import { agentRegistry } from "@/server/agents/registry";

/**
 * The agents whose programs this runner finds with the environment its agents
 * get (their *_BIN variables, the agents file, PATH), and what each installed
 * one still lacks there (its key or config, server/agents/credential-checks.ts):
 * a few stats and small reads, no probe, no network. Recorded on the runner's
 * row at start and on every heartbeat, so the API can refuse a run no live
 * runner could start, before anything is queued.
 */
export async function findInstalledAgents(
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ installedAgents: string[]; agentNeeds: Record<string, AgentNeed> }> {
  const homeRoot = defaultHomeRoot(env);
  const found = await Promise.all(
    agentRegistry().agents.map(async (agent) => {
      if (!(await locateAgentBinary(agent, env)).ok) return null;
      return { id: agent.definition.id, need: await judgeReadiness(agent, env, homeRoot) };
    }),
  );
  const installed = found.filter((entry): entry is { id: string; need: AgentNeed | null } => entry !== null);
  return {
    installedAgents: installed.map((entry) => entry.id),
    agentNeeds: Object.fromEntries(installed.flatMap((entry) => (entry.need ? [[entry.id, entry.need]] : []))),
  };
}
