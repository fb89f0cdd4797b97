import type { QueryClient } from "@tanstack/react-query";
import type { AgentList, AgentStatus, SessionCapability } from "@/lib/agents/schema";
import { agentName } from "@/lib/agents/names";
import { queryKeys } from "@/lib/query-keys";

// The agent list (GET /api/agents) as component tests see it: seeded into the
// query cache so no request is made for it.

export function agentStatus(id: string, capabilities: SessionCapability[], over: Partial<AgentStatus> = {}): AgentStatus {
  return {
    id,
    displayName: agentName(id),
    source: "built-in",
    overridden: false,
    binary: { envVar: `${id.toUpperCase()}_BIN`, command: id, path: `/usr/bin/${id}` },
    installed: true,
    version: "1.0.0",
    problem: null,
    sessions: { strategy: capabilities.length ? "by-id" : "none", capabilities },
    verification: null,
    needs: null,
    notice: null,
    permissions: null,
    ...over,
  };
}

export const AGENT_LIST: AgentList = {
  agents: [
    agentStatus("claude", ["assign-id-at-launch", "assign-id-at-fork", "resume-by-id", "fork", "fork-at-message", "continue-latest"]),
    agentStatus("codex", ["resume-by-id", "fork", "continue-latest"]),
    agentStatus("copilot", ["assign-id-at-launch", "resume-by-id", "continue-latest"]),
    agentStatus("aider", ["assign-id-at-launch", "resume-by-id"], {
      installed: false,
      version: null,
      binary: { envVar: "AIDER_BIN", command: "aider", path: null },
      problem: 'aider is not installed: "aider" was not found on PATH (set AIDER_BIN, or "binary" in the agents file)',
    }),
    agentStatus("command", []),
  ],
  agentsFile: null,
  warnings: [],
};

export function seedAgents(queryClient: QueryClient, list: AgentList = AGENT_LIST): void {
  queryClient.setQueryData(queryKeys.agents.all, list);
}
