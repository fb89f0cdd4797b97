import path from "node:path";
import type { AgentDefinition, LaunchMode } from "@/server/agents/types";
import { UUID } from "@/server/agents/launch-args";
import type { RegisteredAgent } from "@/server/agents/registry";
import { resolveBinary } from "@/server/agents/resolve-binary";

// Where an agent's program and its isolated home are, as planLaunch and the
// agent list (`GET /api/agents`) both need to know.

type Env = Readonly<Record<string, string | undefined>>;

export type AgentBinary = { ok: true; command: string; path: string } | { ok: false; command: string | null; message: string };

/** The agent's *_BIN variable wins, then the agents file's "binary", then the default name on PATH. */
export async function locateAgentBinary(registered: RegisteredAgent, env: Env): Promise<AgentBinary> {
  const agent = registered.definition;
  const command = env[agent.binary.envVar]?.trim() || registered.override?.binary || agent.binary.defaultCommand;
  if (!command) return { ok: false, command: null, message: `${agent.displayName}: set ${agent.binary.envVar} to the program to run` };
  const binary = await resolveBinary(command, { env });
  if (!binary.ok)
    return {
      ok: false,
      command,
      message: `${agent.displayName} is not installed: ${binary.message} (set ${agent.binary.envVar}, or "binary" in the agents file)`,
    };
  return { ok: true, command, path: binary.path };
}

/** Where agents' homes live by default: $ARBOR_DATA_DIR/agent-homes (ARBOR_DATA_DIR defaults to ./.arbor). */
export function defaultHomeRoot(env: Env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.ARBOR_DATA_DIR?.trim() || ".arbor", "agent-homes");
}

/**
 * The agent's home for a run in `mode` (null: it has none, or the agents file
 * says "inherit"). A per-session home needs the session's UUID; without a
 * mode (listing agents) only a per-agent home is given.
 */
export function agentHomeDir(registered: RegisteredAgent, mode: LaunchMode | null, root: string): { dir: string } | { error: string } | null {
  const agent: AgentDefinition = registered.definition;
  if (!agent.home || registered.override?.home === "inherit") return null;
  const base = path.join(root, agent.id);
  if (agent.home.scope === "agent") return { dir: base };
  if (!mode) return null;
  const key = mode.kind === "new" || mode.kind === "continue" ? mode.sessionId : undefined;
  // The key becomes a directory name: only a UUID.
  if (!key || !UUID.test(key)) return { error: `${agent.displayName} keeps one home per session: the run needs its Arbor session's UUID` };
  return { dir: path.join(base, "sessions", key.toLowerCase()) };
}
