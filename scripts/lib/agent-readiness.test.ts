import type { AgentStatus } from "@/lib/agents/schema";
import { agentReadinessLines } from "./agent-readiness";

function agent(displayName: string, installed: boolean, version: string | null, problem: string | null, needs: AgentStatus["needs"] = null): AgentStatus {
  return {
    id: displayName.toLowerCase(),
    displayName,
    source: "built-in",
    overridden: false,
    binary: { envVar: "X_BIN", command: null, path: null },
    installed,
    version,
    problem,
    sessions: { strategy: "by-id", capabilities: [] },
    verification: null,
    needs,
    notice: null,
    permissions: null,
  };
}

describe("agentReadinessLines", () => {
  it("lists the agents that can run with their versions, then why each other one cannot", () => {
    const list = {
      agents: [
        agent("Claude Code", true, "2.1.330", null),
        agent("Codex", false, null, 'Codex is not installed: "codex" was not found on PATH (set CODEX_BIN, or "binary" in the agents file)'),
        agent("Mine", true, null, null),
        agent("Command", false, null, null),
        agent("Gemini CLI", true, "0.61.0", null, { variable: "GEMINI_API_KEY", message: "needs GEMINI_API_KEY" }),
      ],
      agentsFile: null,
      warnings: [],
    };
    expect(agentReadinessLines(list)).toEqual([
      "agents ready: Claude Code 2.1.330, Mine",
      '  not ready: Codex is not installed: "codex" was not found on PATH (set CODEX_BIN, or "binary" in the agents file)',
      "  not ready: Command: not installed",
      "  not ready: Gemini CLI: needs GEMINI_API_KEY",
    ]);
  });

  it("says so when no agent can run", () => {
    expect(agentReadinessLines({ agents: [agent("aider", false, null, "help failed")], agentsFile: null, warnings: [] })).toEqual([
      "no agent can run here yet: install one (npm ci installs Claude Code) or set its variable",
      "  not ready: aider: help failed",
    ]);
  });
});
