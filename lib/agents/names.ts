// The built-in agents' names, for every place that shows one (the server's
// agent definitions take theirs from here). An agent added by the agents file
// is shown by its own displayName where the agent list is at hand, else by its id.

export const BUILT_IN_AGENT_NAMES = {
  claude: "Claude Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  opencode: "opencode",
  qwen: "Qwen Code",
  copilot: "Copilot CLI",
  aider: "aider",
  command: "Command",
} as const;

export function agentName(agent: string): string {
  return (BUILT_IN_AGENT_NAMES as Record<string, string>)[agent] ?? agent;
}
