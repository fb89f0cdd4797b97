import type { AgentList } from "@/lib/agents/schema";

// What `npm start` says about the agents once its runner is up: which ones
// can run here (with their versions) and, for each one that cannot, why
// (server/agents/list-agents.ts's `problem` — not installed, which variable to
// set, its CLI failing — or `needs`: the key or config it lacks). Pure.

export function agentReadinessLines(list: AgentList): string[] {
  // Installed, and nothing it needs is missing from the environment ("needs OPENAI_API_KEY").
  const ready = list.agents.filter((agent) => agent.installed && !agent.needs);
  const notReady = list.agents.filter((agent) => !agent.installed || agent.needs);
  const lines = [
    ready.length > 0
      ? `agents ready: ${ready.map((agent) => (agent.version ? `${agent.displayName} ${agent.version}` : agent.displayName)).join(", ")}`
      : "no agent can run here yet: install one (npm ci installs Claude Code) or set its variable",
  ];
  for (const agent of notReady) {
    const problem = agent.installed && agent.needs ? agent.needs.message : (agent.problem ?? "not installed");
    lines.push(`  not ready: ${problem.startsWith(agent.displayName) ? problem : `${agent.displayName}: ${problem}`}`);
  }
  return lines;
}
