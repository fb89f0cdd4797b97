import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { configureAgentRegistry, getAgentDefinition } from "@/server/agents/registry";
import { startChatCompletionsApi, type ChatCompletionsApi } from "@/test/support/chat-completions-api";
import { conversation as messagesConversation, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { conversation, type ModelRequest } from "@/test/support/stand-in/model-api";
import { AGENT_BINS, qwenEnv } from "@/test/integration/agents/support/agent-envs";
import { createAgentSandbox, createSandbox, CLAUDE_BIN, runAgent, type Sandbox } from "@/test/integration/agents/support/run-agent";

// Agents defined in the agents file, run for real: strategy B (continue the
// latest conversation in a per-session home) proven with Qwen Code's
// --continue, and a by-id agent built from argv templates around Claude Code.

jest.setTimeout(120_000);

let sandbox: Sandbox;
afterEach(() => {
  configureAgentRegistry(null);
  sandbox.cleanup();
});

function useAgentsFile(agents: Record<string, unknown>): void {
  const file = path.join(sandbox.homeRoot, "..", "arbor.agents.json");
  fs.writeFileSync(file, JSON.stringify({ agents }));
  configureAgentRegistry({ agentsFile: file });
}

describe("strategy B: continue-latest in a home per session (Qwen Code --continue)", () => {
  let api: ChatCompletionsApi;
  beforeEach(async () => {
    api = await startChatCompletionsApi();
    sandbox = createAgentSandbox(() => qwenEnv(api));
  });
  afterEach(() => api.close());

  it("keeps two sessions of one folder apart: each Continue finds its own conversation", async () => {
    useAgentsFile({
      "qwen-latest": {
        displayName: "Qwen Code (latest-in-home)",
        binary: AGENT_BINS.qwen,
        stream: "qwen",
        sessions: "latest-in-home",
        home: { env: ["QWEN_HOME"] },
        args: { new: ["--output-format", "stream-json", "--prompt={prompt}"], continue: ["--output-format", "stream-json", "--continue", "--prompt={prompt}"] },
      },
    });
    expect(getAgentDefinition("qwen-latest")?.sessionCapabilities).toEqual(["assign-id-at-launch", "resume-by-id"]);
    const run = (mode: Parameters<typeof runAgent>[1]["mode"], prompt: string) =>
      runAgent("qwen-latest", { mode, prompt }, { cwd: sandbox.cwd, env: sandbox.env, homeRoot: sandbox.homeRoot });
    const turns = () => api.requests.filter((request: ModelRequest) => !request.system.includes("memory extraction"));
    const lastConversation = () => conversation(turns()[turns().length - 1]).map((m) => m.text);

    const alpha = randomUUID();
    const beta = randomUUID();
    const first = await run({ kind: "new", sessionId: alpha }, "alpha starts");
    expect(first.outcome).toMatchObject({ sessionId: alpha, sessionConfirmed: true, announced: [] });
    expect((await run({ kind: "new", sessionId: beta }, "beta starts")).outcome.sessionId).toBe(beta);

    // In one shared home, "latest" would now be beta's conversation.
    const more = await run({ kind: "continue", sessionId: alpha }, "alpha continues");
    expect(more.outcome).toMatchObject({ sessionId: alpha, interrupted: false });
    expect(lastConversation()).toEqual(["alpha starts", "Echo: alpha starts", "alpha continues"]);
    await run({ kind: "continue", sessionId: beta }, "beta continues");
    expect(lastConversation()).toEqual(["beta starts", "Echo: beta starts", "beta continues"]);
    expect(fs.readdirSync(path.join(sandbox.homeRoot, "qwen-latest", "sessions")).sort()).toEqual([alpha, beta].sort());
  });
});

describe("a by-id agent from argv templates (Claude Code as a custom agent)", () => {
  let api: MessagesApi;
  beforeEach(async () => {
    api = await startMessagesApi();
    sandbox = createSandbox(api);
  });
  afterEach(() => api.close());

  it("names, continues and forks sessions through its templates, read by the claude stream parser", async () => {
    useAgentsFile({
      "my-claude": {
        binary: CLAUDE_BIN,
        stream: "claude",
        sessions: "by-id",
        args: {
          new: ["-p", "--verbose", "--output-format", "stream-json", "--", "{prompt}"],
          newWithId: ["-p", "--verbose", "--output-format", "stream-json", "--session-id", "{session_id}", "--", "{prompt}"],
          continue: ["-p", "--verbose", "--output-format", "stream-json", "--resume", "{session_id}", "--", "{prompt}"],
          fork: ["-p", "--verbose", "--output-format", "stream-json", "--resume", "{session_id}", "--fork-session", "--", "{prompt}"],
        },
      },
    });
    const run = (mode: Parameters<typeof runAgent>[1]["mode"], prompt: string) =>
      runAgent("my-claude", { mode, prompt }, { cwd: sandbox.cwd, env: sandbox.env });
    const id = randomUUID();
    const first = await run({ kind: "new", sessionId: id }, "-x custom start");
    expect(first.outcome).toMatchObject({ sessionId: id, sessionConfirmed: true });
    expect(first.entries).toContainEqual({ type: "assistant_text", text: "Echo: -x custom start" });
    expect((await run({ kind: "continue", sessionId: id }, "more")).outcome.sessionId).toBe(id);
    const fork = await run({ kind: "fork", fromSessionId: id }, "branch");
    expect(fork.outcome.sessionId).not.toBe(id);
    expect(messagesConversation(api.requests[api.requests.length - 1]).map((m) => m.text)).toEqual([
      "-x custom start",
      "Echo: -x custom start",
      "more",
      "Echo: more",
      "branch",
    ]);
  });
});
