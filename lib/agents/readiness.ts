import type { AgentStatus } from "./schema";

// Whether an agent can run, in the words every list of agents uses (the run
// form's picker, the /agents page): installed and has its key → ready;
// installed without its key or config → "needs OPENAI_API_KEY"; else not
// installed, with the variable that points Arbor at it.

export type AgentReadiness =
  | { state: "ready"; label: "ready"; detail: null }
  | { state: "needs"; label: string; detail: string }
  | { state: "not-installed"; label: "not installed"; detail: string };

export function agentReadiness(agent: AgentStatus): AgentReadiness {
  if (!agent.installed) return { state: "not-installed", label: "not installed", detail: agent.problem ?? `not installed (set ${agent.binary.envVar})` };
  if (agent.needs) return { state: "needs", label: `needs ${agent.needs.variable}`, detail: agent.needs.message };
  return { state: "ready", label: "ready", detail: null };
}
