import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { agentRegistry, agentsFilePath, configureAgentRegistry, getAgentDefinition, listAgentIds, sessionStrategyOf } from "@/server/agents/registry";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-registry-"));
});
afterEach(() => {
  configureAgentRegistry(null);
  fs.rmSync(dir, { recursive: true, force: true });
});

const custom = { binary: "my-agent", args: { new: ["--prompt={prompt}"] } };

describe("agent registry", () => {
  it("lists the built-ins with what each can do", () => {
    configureAgentRegistry({ agentsFile: null });
    expect(listAgentIds()).toEqual(["claude", "codex", "gemini", "opencode", "qwen", "copilot", "aider", "command"]);
    expect(agentRegistry().warnings).toEqual([]);
    const fork = listAgentIds().filter((id) => getAgentDefinition(id)!.sessionCapabilities.includes("fork"));
    expect(fork).toEqual(["claude", "codex", "gemini", "opencode", "qwen"]);
    expect(sessionStrategyOf(getAgentDefinition("aider")!)).toBe("latest-in-home");
    expect(sessionStrategyOf(getAgentDefinition("command")!)).toBe("none");
    expect(sessionStrategyOf(getAgentDefinition("codex")!)).toBe("by-id");
    for (const id of listAgentIds()) {
      const agent = getAgentDefinition(id)!;
      // An agent that can fork can continue; every agent with sessions can continue one.
      if (agent.sessionCapabilities.length > 0) expect(agent.sessionCapabilities).toContain("resume-by-id");
    }
  });

  it("adds the file's agents, picks up changes to it, and keeps the built-ins when it breaks", () => {
    const file = path.join(dir, "arbor.agents.json");
    fs.writeFileSync(file, JSON.stringify({ agents: { mine: custom } }));
    configureAgentRegistry({ agentsFile: file });
    expect(getAgentDefinition("mine")).toMatchObject({ id: "mine", displayName: "mine", binary: { envVar: "MINE_BIN", defaultCommand: "my-agent" } });

    fs.writeFileSync(file, "{ broken");
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    configureAgentRegistry({ agentsFile: file }); // skip the once-a-second recheck
    expect(getAgentDefinition("mine")).toBeUndefined();
    expect(getAgentDefinition("claude")).toBeDefined();
    expect(agentRegistry().warnings).toEqual([expect.stringContaining("not valid JSON")]);
  });

  it("warns about a configured file that is missing, not about an absent default", () => {
    configureAgentRegistry({ agentsFile: path.join(dir, "nope.json") });
    expect(agentRegistry().warnings).toEqual([expect.stringContaining("does not exist")]);
    expect(listAgentIds()).toContain("codex");
  });

  it("finds the file from ARBOR_AGENTS_FILE, else arbor.agents.json in the working directory", () => {
    expect(agentsFilePath({}, "/srv/arbor")).toBe("/srv/arbor/arbor.agents.json");
    expect(agentsFilePath({ ARBOR_AGENTS_FILE: "conf/agents.json" }, "/srv/arbor")).toBe("/srv/arbor/conf/agents.json");
    expect(agentsFilePath({ ARBOR_AGENTS_FILE: "/etc/arbor/agents.json" }, "/srv/arbor")).toBe("/etc/arbor/agents.json");
  });
});
