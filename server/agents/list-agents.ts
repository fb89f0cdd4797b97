import type { AgentList, AgentStatus } from "@/lib/agents/schema";
import { agentHomeDir, defaultHomeRoot, locateAgentBinary } from "@/server/agents/agent-setup";
import { probeCli } from "@/server/agents/cli-probe";
import { prepareAgentHome } from "@/server/agents/prepare-agent-home";
import { agentRegistry, sessionStrategyOf, type RegisteredAgent } from "@/server/agents/registry";
import { compareVersions } from "@/server/agents/version";
import { inheritedEnv } from "@/server/config/load-config";

// What `GET /api/agents` and `arbor agents` show: every agent Arbor knows
// (built-in or from the agents file), whether its program is installed here,
// its version (from the same cached probe a launch uses), what it can do with
// sessions, and whether this driver was verified against that CLI. The shape
// is lib/agents/schema.ts (agentListSchema).

type Env = Readonly<Record<string, string | undefined>>;

export async function listAgentStatuses(options: { env?: Env; homeRoot?: string } = {}): Promise<AgentList> {
  const env = options.env ?? inheritedEnv();
  const registry = agentRegistry();
  const agents = await Promise.all(registry.agents.map((agent) => statusOf(agent, env, options.homeRoot ?? defaultHomeRoot(env))));
  return { agents, agentsFile: registry.file, warnings: registry.warnings };
}

async function statusOf(registered: RegisteredAgent, env: Env, homeRoot: string): Promise<AgentStatus> {
  const agent = registered.definition;
  const binary = await locateAgentBinary(registered, env);
  let version: string | null = null;
  let problem: string | null = binary.ok ? null : binary.message;
  if (binary.ok && agent.probesCli) {
    // Probe in the agent's own home, as a launch does, so listing touches nothing of the user's.
    const home = agentHomeDir(registered, null, homeRoot);
    const homeEnv = home && "dir" in home ? agent.home!.env(home.dir) : {};
    if (home && "dir" in home) await prepareAgentHome(home.dir, []);
    const probe = await probeCli(binary.path, { env: { ...env, ...homeEnv, ...(registered.override?.env ?? {}) }, helpCommands: agent.helpCommands });
    if (probe.ok) version = probe.capabilities.version;
    else problem = `${agent.displayName}: ${probe.message}`;
  }
  const verification = agent.verification
    ? {
        ...agent.verification,
        installedMatches: agent.verification.status === "verified" && version !== null ? compareVersions(version, agent.verification.version) === 0 : null,
      }
    : null;
  return {
    id: agent.id,
    displayName: agent.displayName,
    source: registered.source,
    overridden: registered.override !== null,
    binary: { envVar: agent.binary.envVar, command: binary.command, path: binary.ok ? binary.path : null },
    installed: binary.ok && problem === null,
    version,
    problem,
    sessions: { strategy: sessionStrategyOf(agent), capabilities: [...agent.sessionCapabilities] },
    verification,
  };
}
