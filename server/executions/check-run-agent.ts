import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import { agentNeedsSchema, judgeReadiness, type AgentNeed } from "@/server/agents/agent-readiness";
import { defaultHomeRoot, locateAgentBinary } from "@/server/agents/agent-setup";
import { getRegisteredAgent, listAgentIds } from "@/server/agents/registry";
import { inheritedEnv } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { isRunnerAlive } from "@/server/runners/runner-liveness";

export { DEFAULT_AGENT } from "@/lib/agents/names";

/**
 * A new run's agent must be one Arbor knows, whose program a runner has, and
 * which has its key or config there: a run no runner could start is refused
 * before anything is queued, naming the variable to set. Runners report what
 * they find (runners.installed_agents and agent_needs, with the environment
 * their agents get); with no live runner, this server looks in its own
 * environment, which `npm start` gives its runner too. Whether the installed
 * CLI can make the launch is the runner's probe, right before it.
 */
export async function checkRunAgent(agentId: string, env: Readonly<Record<string, string | undefined>> = inheritedEnv()): Promise<Result<string>> {
  const registered = getRegisteredAgent(agentId);
  if (!registered) return invalidField("agent", `unknown agent "${agentId}" (known: ${listAgentIds().join(", ")})`);
  const name = registered.definition.displayName;
  const setIt = (need: AgentNeed, where: string) =>
    invalidField("agent", `${name} ${need.message} ${where}: set ${need.variable} there, or in the agents file's "env" for ${agentId}`);
  const runners = (await prisma.runner.findMany({ where: { stoppedAt: null } })).filter((runner) => isRunnerAlive(runner));
  const withIt = runners.filter((runner) => runner.installedAgents.includes(agentId));
  if (withIt.length > 0) {
    const needOn = (runner: (typeof withIt)[number]) => agentNeedsSchema.safeParse(runner.agentNeeds).data?.[agentId] ?? null;
    if (withIt.some((runner) => needOn(runner) === null)) return ok(agentId);
    return setIt(needOn(withIt[0])!, `in the environment of ${placesOf(withIt)}`);
  }
  const binary = await locateAgentBinary(registered, env);
  if (runners.length === 0) {
    if (!binary.ok) return invalidField("agent", binary.message);
    const need = await judgeReadiness(registered, env, defaultHomeRoot(env));
    return need ? setIt(need, "in the environment Arbor's runners get") : ok(agentId);
  }
  const how = binary.ok ? "" : ` (${binary.message})`;
  return invalidField(
    "agent",
    `${name} is not installed on ${placesOf(runners)}: set ${registered.definition.binary.envVar} in that runner's environment, or "binary" in the agents file${how}`,
  );
}

function placesOf(runners: ReadonlyArray<{ id: string }>): string {
  return runners.length === 1 ? `runner ${runners[0].id}` : `any of the runners ${runners.map((runner) => runner.id).join(", ")}`;
}
