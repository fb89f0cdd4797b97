import fs from "node:fs/promises";
import type { AgentDefinition, CliCapabilities, LaunchFailure, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { probeCli } from "@/server/agents/cli-probe";
import { getAgentDefinition } from "@/server/agents/registry";
import { resolveBinary } from "@/server/agents/resolve-binary";
import { inheritedEnv } from "@/server/config/load-config";

// The impure half of launching: find the agent's binary, probe it (cached),
// then let the agent's pure builder produce the argv. Every expected failure
// (unknown agent, missing binary, unsupported flag) comes back as data.

/** The installed CLI a launch would use. */
export type AgentRuntime = {
  agent: AgentDefinition;
  /** As configured and found (argv[0]). */
  binaryPath: string;
  /** With every symlink resolved: the runtime fingerprint's path (another build of the CLI has another one). */
  realPath: string;
  /** Null for agents launched without probing their CLI. */
  capabilities: CliCapabilities | null;
};

export type RuntimeResult = { ok: true; runtime: AgentRuntime } | LaunchFailure;

type Env = Readonly<Record<string, string | undefined>>;

/** Finds and probes the agent's CLI, without launching anything. */
export async function resolveAgentRuntime(agentId: string, options: { env?: Env } = {}): Promise<RuntimeResult> {
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
  const realPath = await fs.realpath(binary.path).catch(() => binary.path);

  let capabilities = null;
  if (agent.probesCli) {
    const probe = await probeCli(binary.path, { env });
    if (!probe.ok) return { ok: false, code: "agent_unsupported", message: `${agent.displayName}: ${probe.message}` };
    capabilities = probe.capabilities;
  }
  return { ok: true, runtime: { agent, binaryPath: binary.path, realPath, capabilities } };
}

/** `runtime`: one resolved already (the runner resolves it once per launch, for the resume decision too). */
export async function planLaunch(agentId: string, request: LaunchRequest, options: { env?: Env; runtime?: AgentRuntime } = {}): Promise<LaunchResult> {
  const env = options.env ?? inheritedEnv();
  let runtime = options.runtime;
  if (!runtime) {
    const resolved = await resolveAgentRuntime(agentId, { env });
    if (!resolved.ok) return resolved;
    runtime = resolved.runtime;
  }
  return runtime.agent.buildLaunch(request, { binaryPath: runtime.binaryPath, capabilities: runtime.capabilities, env });
}
