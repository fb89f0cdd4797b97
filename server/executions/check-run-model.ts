import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import { locateAgentBinary } from "@/server/agents/agent-setup";
import { probeCli } from "@/server/agents/cli-probe";
import { cliProbeCacheDir } from "@/server/agents/cli-probe-cache";
import { getRegisteredAgent } from "@/server/agents/registry";
import { inheritedEnv } from "@/server/config/load-config";

/**
 * A run's model (issue 26), checked before anything is queued: the agent must
 * take one from Arbor (AgentDefinition.model), and when its CLI's --help lists
 * the option's choices (Copilot's --model does), the model must be one of
 * them. Other CLIs accept any name and refuse an unknown one on their first
 * line, which fails that run alone with the CLI's own words. `field` names the
 * request field in the message ("runs[2].model").
 */
export async function checkRunModel(
  agentId: string,
  model: string | null | undefined,
  field = "model",
  env: Readonly<Record<string, string | undefined>> = inheritedEnv(),
): Promise<Result<string | null>> {
  if (!model) return ok(null);
  const registered = getRegisteredAgent(agentId);
  if (!registered) return invalidField(field, `unknown agent "${agentId}"`);
  const { definition } = registered;
  if (!definition.model) return invalidField(field, `${definition.displayName} takes no model from Arbor: leave out the model for it`);
  // The CLI on this machine, when it has one (the runner probes its own again at launch).
  const binary = await locateAgentBinary(registered, env);
  if (!binary.ok || !definition.probesCli) return ok(model);
  const probed = await probeCli(binary.path, { env, helpCommands: definition.helpCommands, cacheDir: cliProbeCacheDir(env) });
  if (!probed.ok) return ok(model);
  const choices = probed.capabilities.choices.get(definition.model.flag);
  if (choices && !choices.includes(model)) {
    const listed = choices.length > 12 ? `${choices.slice(0, 12).join(", ")}, …` : choices.join(", ");
    return invalidField(field, `${definition.displayName} has no model "${model}" (its ${definition.model.flag} takes ${listed})`);
  }
  return ok(model);
}
