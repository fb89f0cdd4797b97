import type { AgentDefinition, SessionCapability } from "@/server/agents/types";
import { claudeAgent } from "@/server/agents/claude/claude-agent";
import { commandAgent } from "@/server/agents/command/command-agent";

// Every agent Arbor can run, as data. Adding one (codex, gemini, opencode,
// qwen, aider, …) means writing its AgentDefinition and listing it here; its
// session capabilities decide which of Continue / Fork the UI offers.

const AGENTS: readonly AgentDefinition[] = [claudeAgent, commandAgent];

const BY_ID = new Map(AGENTS.map((agent) => [agent.id, agent]));

export function getAgentDefinition(id: string): AgentDefinition | undefined {
  return BY_ID.get(id);
}

export function listAgents(): readonly AgentDefinition[] {
  return AGENTS;
}

export function listAgentIds(): string[] {
  return AGENTS.map((agent) => agent.id);
}

export function agentCan(agent: AgentDefinition, capability: SessionCapability): boolean {
  return agent.sessionCapabilities.includes(capability);
}

/** Days the agent keeps a session transcript after its last use (null: unknown / no sessions). */
export function transcriptRetentionDays(agentId: string): number | null {
  return BY_ID.get(agentId)?.transcriptRetentionDays ?? null;
}
