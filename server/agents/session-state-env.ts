import { agentHomeDir, defaultHomeRoot } from "@/server/agents/agent-setup";
import { getRegisteredAgent } from "@/server/agents/registry";

// The environment to give an agent's sessionState.root (issue 24): the one
// its CLI runs with, i.e. the runner's plus the isolated home Arbor gives the
// agent (CODEX_HOME, GEMINI_CLI_HOME…) and the agents file's variables, in
// planLaunch's order. The runner's own environment alone would point Codex
// and Gemini CLI at ~/.codex and ~/.gemini, where Arbor's runs never write.
// Pure: the home is named, not made ready. A per-session home (strategy B)
// needs the session: without a mode, such an agent gets the runner's env.

type Env = Readonly<Record<string, string | undefined>>;

export function sessionStateEnv(agentId: string, env: Env, options: { sessionId?: string; homeRoot?: string } = {}): Env {
  const registered = getRegisteredAgent(agentId);
  if (!registered?.definition.home) return env;
  const mode = options.sessionId ? { kind: "continue" as const, sessionId: options.sessionId } : null;
  const home = agentHomeDir(registered, mode, options.homeRoot ?? defaultHomeRoot(env));
  const homeEnv = home && !("error" in home) ? registered.definition.home.env(home.dir) : {};
  return { ...env, ...homeEnv, ...(registered.override?.env ?? {}) };
}
