import fs from "node:fs/promises";
import { z } from "zod";
import { text } from "@/lib/schemas/text";
import { agentHomeDir } from "@/server/agents/agent-setup";
import { CREDENTIAL_CHECKS, needsMessage, type ReadFile } from "@/server/agents/credential-checks";
import type { RegisteredAgent } from "@/server/agents/registry";

// Whether an installed agent has what it needs to reach a model in a given
// environment (server/agents/credential-checks.ts), judged the way its runs
// would see it: with Arbor's home variables (a login saved in the agent's own
// home counts) and the agents file's env and options (a key given there counts).

type Env = Readonly<Record<string, string | undefined>>;

/** What an agent lacks: the variable to set, and the sentence that says so (never a value). */
export const agentNeedSchema = z.object({ variable: text(), message: text() });
export type AgentNeed = z.infer<typeof agentNeedSchema>;

/** Runners' reports as stored (runners.agent_needs): agent id → what it lacks there. */
export const agentNeedsSchema = z.record(text(), agentNeedSchema);

// Small files only (a credentials file, a config): anything larger is not what is looked for.
const readSmallFile: ReadFile = async (file) => {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile() || stat.size > 1_000_000) return null;
  return fs.readFile(file, "utf8").catch(() => null);
};

/** Null when ready, or when Arbor cannot know (a custom agent, the plain command). */
export async function judgeReadiness(registered: RegisteredAgent, env: Env, homeRoot: string, read: ReadFile = readSmallFile): Promise<AgentNeed | null> {
  const agent = registered.definition;
  const check = registered.source === "built-in" ? CREDENTIAL_CHECKS[agent.id] : undefined;
  if (!check) return null;
  const home = agentHomeDir(registered, null, homeRoot);
  const homeEnv = home && "dir" in home && agent.home ? agent.home.env(home.dir) : {};
  const launchEnv = { ...env, ...homeEnv, ...(registered.override?.env ?? {}) };
  const present = await check.present({ env: launchEnv, args: registered.override?.args ?? [], read });
  return present ? null : { variable: check.variable, message: needsMessage(check) };
}
