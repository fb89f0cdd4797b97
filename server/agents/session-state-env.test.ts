import { sessionStateEnv } from "@/server/agents/session-state-env";
import { getAgentDefinition } from "@/server/agents/registry";

// The environment the runner gives sessionState.root must name the isolated
// home Arbor launches the agent with, not the runner's own ~.

describe("sessionStateEnv", () => {
  it("adds the agent's isolated home, under ARBOR_DATA_DIR or the given root", () => {
    const env = { HOME: "/home/me", ARBOR_DATA_DIR: "/srv/arbor", CODEX_HOME: "/home/me/.codex" };
    expect(sessionStateEnv("codex", env)).toMatchObject({ HOME: "/home/me", CODEX_HOME: "/srv/arbor/agent-homes/codex" });
    expect(getAgentDefinition("codex")!.sessionState!.root(sessionStateEnv("codex", env))).toBe("/srv/arbor/agent-homes/codex");
    expect(getAgentDefinition("gemini")!.sessionState!.root(sessionStateEnv("gemini", env, { homeRoot: "/h" }))).toBe("/h/gemini/.gemini");
  });

  it("leaves the environment alone for an agent without an isolated home, or an unknown one", () => {
    const env = { HOME: "/home/me", CLAUDE_CONFIG_DIR: "/c" };
    expect(sessionStateEnv("claude", env)).toBe(env);
    expect(sessionStateEnv("nope", env)).toBe(env);
  });
});
