import type { LaunchRequest, LaunchResult } from "@/server/agents/types";
import { probeCli } from "@/server/agents/cli-probe";
import { getAgentDefinition } from "@/server/agents/registry";
import { resolveBinary } from "@/server/agents/resolve-binary";
import { inheritedEnv } from "@/server/config/load-config";

// The impure half of launching: find the agent's binary, probe it (cached),
// then let the agent's pure builder produce the argv. Every expected failure
// (unknown agent, missing binary, unsupported flag) comes back as data.

export async function planLaunch(
  agentId: string,
  request: LaunchRequest,
  options: { env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<LaunchResult> {
  const env = options.env ?? inheritedEnv();
  const agent = getAgentDefinition(agentId);
  if (!agent) return { ok: false, code: "agent_not_found", message: `Unknown agent "${agentId}"` };

  const configured = env[agent.binary.envVar]?.trim() || agent.binary.defaultCommand;
  if (!configured) {
    return { ok: false, code: "agent_not_found", message: `${agent.displayName}: set ${agent.binary.envVar} to the program to run` };
  }
  const binary = await resolveBinary(configured, { env });
  if (!binary.ok) {
    return { ok: false, code: "agent_not_found", message: `${agent.displayName} is not installed: ${binary.message}` };
  }

  let capabilities = null;
  if (agent.probesCli) {
    const probe = await probeCli(binary.path, { env });
    if (!probe.ok) return { ok: false, code: "agent_unsupported", message: `${agent.displayName}: ${probe.message}` };
    capabilities = probe.capabilities;
  }
  return agent.buildLaunch(request, { binaryPath: binary.path, capabilities, env });
}
