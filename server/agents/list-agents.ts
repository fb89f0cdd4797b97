import { agentNotice } from "@/lib/agents/notices";
import type { AgentList, AgentStatus } from "@/lib/agents/schema";
import { agentNeedsSchema, judgeReadiness, type AgentNeed } from "@/server/agents/agent-readiness";
import { agentHomeDir, defaultHomeRoot, locateAgentBinary } from "@/server/agents/agent-setup";
import { probeCli } from "@/server/agents/cli-probe";
import { cliProbeCacheDir } from "@/server/agents/cli-probe-cache";
import { prepareAgentHome } from "@/server/agents/prepare-agent-home";
import { agentRegistry, sessionStrategyOf, type RegisteredAgent } from "@/server/agents/registry";
import { compareVersions } from "@/server/agents/version";
import { inheritedEnv } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { isRunnerAlive } from "@/server/runners/runner-liveness";

// What `GET /api/agents` and `arbor agents` show: every agent Arbor knows
// (built-in or from the agents file), whether its program is installed here,
// its version (from the same cached probe a launch uses), what it can do with
// sessions, whether this driver was verified against that CLI, what it still
// lacks to reach a model (as the live runners report it: agents run in their
// environment) and how it honours a permission policy. The shape is
// lib/agents/schema.ts (agentListSchema).

type Env = Readonly<Record<string, string | undefined>>;

export async function listAgentStatuses(options: { env?: Env; homeRoot?: string } = {}): Promise<AgentList> {
  const env = options.env ?? inheritedEnv();
  const registry = agentRegistry();
  const homeRoot = options.homeRoot ?? defaultHomeRoot(env);
  const reports = await runnerReports();
  const agents = await Promise.all(
    registry.agents.map(async (agent) => {
      const status = await statusOf(agent, env, homeRoot);
      const needs = status.installed ? await needsOf(agent, reports, env, homeRoot) : null;
      return { ...status, needs };
    }),
  );
  return { agents, agentsFile: registry.file, warnings: registry.warnings };
}

type RunnerReport = { installedAgents: string[]; agentNeeds: Record<string, AgentNeed> };

/** What the live runners found (installed agents, what each lacks). */
async function runnerReports(): Promise<RunnerReport[]> {
  const runners = (await prisma.runner.findMany({ where: { stoppedAt: null } })).filter((runner) => isRunnerAlive(runner));
  return runners.map((runner) => ({ installedAgents: runner.installedAgents, agentNeeds: agentNeedsSchema.safeParse(runner.agentNeeds).data ?? {} }));
}

/** Ready where any live runner that has it finds its key; with none that has it, judged in this server's environment. */
async function needsOf(registered: RegisteredAgent, reports: RunnerReport[], env: Env, homeRoot: string): Promise<AgentNeed | null> {
  const id = registered.definition.id;
  const withIt = reports.filter((report) => report.installedAgents.includes(id));
  if (withIt.length === 0) return judgeReadiness(registered, env, homeRoot);
  return withIt.some((report) => !report.agentNeeds[id]) ? null : withIt[0].agentNeeds[id];
}

async function statusOf(registered: RegisteredAgent, env: Env, homeRoot: string): Promise<Omit<AgentStatus, "needs">> {
  const agent = registered.definition;
  const binary = await locateAgentBinary(registered, env);
  let version: string | null = null;
  let problem: string | null = binary.ok ? null : binary.message;
  if (binary.ok && agent.probesCli) {
    // Probe in the agent's own home, as a launch does, so listing touches nothing of the user's.
    const home = agentHomeDir(registered, null, homeRoot);
    const homeEnv = home && "dir" in home ? agent.home!.env(home.dir) : {};
    if (home && "dir" in home) await prepareAgentHome(home.dir, []);
    const probe = await probeCli(binary.path, {
      env: { ...env, ...homeEnv, ...(registered.override?.env ?? {}) },
      helpCommands: agent.helpCommands,
      cacheDir: cliProbeCacheDir(env),
    });
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
    notice: registered.source === "built-in" ? agentNotice(agent.id) : null,
    permissions: agent.permissions
      ? {
          modes: [...agent.permissions.modes],
          defaultMode: agent.permissions.defaultMode,
          rules: agent.permissions.rules,
          asks: agent.permissions.approvals !== undefined,
          note: agent.permissions.note,
        }
      : null,
  };
}
