// Facts about a built-in agent that a person choosing it should know, shown
// wherever agents are listed (the /agents page, the run form's picker hint,
// `arbor agents`).

export const AGENT_NOTICES: Readonly<Record<string, string>> = {
  gemini: "Google retired Gemini CLI sign-in for consumer (personal Google) accounts in 2026-06; API keys (GEMINI_API_KEY) still work.",
};

export function agentNotice(agentId: string): string | null {
  return AGENT_NOTICES[agentId] ?? null;
}
