import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import { locateAgentBinary } from "@/server/agents/agent-setup";
import { getRegisteredAgent, listAgentIds } from "@/server/agents/registry";
import { inheritedEnv } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { isRunnerAlive } from "@/server/runner/runner-liveness";

export { DEFAULT_AGENT } from "@/lib/agents/names";

/**
 * A new run's agent must be one Arbor knows and whose program a runner has:
 * a run no runner could start is refused before anything is queued, naming
 * the variable (or agents-file field) that points Arbor at the program.
 * Runners report what they find (runners.installed_agents, with the
 * environment their agents get); with no live runner, this server looks in
 * its own environment, which `npm start` gives its runner too. Whether the
 * installed CLI can make the launch is the runner's probe, right before it.
 */
export async function checkRunAgent(agentId: string, env: Readonly<Record<string, string | undefined>> = inheritedEnv()): Promise<Result<string>> {
  const registered = getRegisteredAgent(agentId);
  if (!registered) return invalidField("agent", `unknown agent "${agentId}" (known: ${listAgentIds().join(", ")})`);
  const runners = (await prisma.runner.findMany({ where: { stoppedAt: null } })).filter((runner) => isRunnerAlive(runner));
  if (runners.some((runner) => runner.installedAgents.includes(agentId))) return ok(agentId);
  const binary = await locateAgentBinary(registered, env);
  if (runners.length === 0) return binary.ok ? ok(agentId) : invalidField("agent", binary.message);
  const where = runners.length === 1 ? `runner ${runners[0].id}` : `any of the runners ${runners.map((r) => r.id).join(", ")}`;
  const how = binary.ok ? "" : ` (${binary.message})`;
  return invalidField(
    "agent",
    `${registered.definition.displayName} is not installed on ${where}: set ${registered.definition.binary.envVar} in that runner's environment, or "binary" in the agents file${how}`,
  );
}
