import { randomUUID } from "node:crypto";
import type { LaunchMode } from "@/server/agents/types";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { startGeminiApi } from "@/test/support/gemini-api";
import { startMessagesApi } from "@/test/support/messages-api";
import { startResponsesApi } from "@/test/support/responses-api";
import type { ModelApi } from "@/test/support/stand-in/model-api";
import { codexEnv, copilotEnv, geminiEnv, opencodeEnv, qwenEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCompleted } from "@/test/integration/agents/support/agent-suite";
import { createAgentSandbox, createSandbox, runAgent, type AgentRun, type Sandbox } from "@/test/integration/agents/support/run-agent";

// Issue 26: the model a person chooses for a run reaches the model API. Each
// real CLI is launched the way the runner launches it (planLaunch, the
// driver's argv) against its vendor's stand-in, which records the model each
// call named. Claude and Codex also resume and fork with another model than
// the session had, as a fan-out over models forks one session into many.

jest.setTimeout(60_000);

type Run = (mode: LaunchMode, prompt: string, model: string) => Promise<AgentRun>;

/** Runs `body` against a fresh stand-in and sandbox, torn down whatever happens. */
async function withStandIn<Api extends { close(): Promise<void> }>(
  agent: string,
  start: () => Promise<Api>,
  sandboxFor: (api: Api) => Sandbox,
  body: (api: Api, run: Run) => Promise<void>,
): Promise<void> {
  const api = await start();
  const sandbox = sandboxFor(api);
  try {
    await body(api, (mode, prompt, model) => runAgent(agent, { mode, prompt, model }, { cwd: sandbox.cwd, env: sandbox.env, homeRoot: sandbox.homeRoot }));
  } finally {
    await api.close();
    sandbox.cleanup();
  }
}

/** The distinct models named by the calls made since call `from` (a CLI may make several per turn). */
const modelsSince = (requests: ReadonlyArray<{ model: string | undefined }>, from = 0) => [...new Set(requests.slice(from).map((r) => r.model))];

// Made-up names, so no CLI can map them to another (Claude Code turns retired
// models into current ones); it says so on stderr and sends the name as given.
const CLAUDE_NOISE = /^\[claude-code:unrecognized_model\]/;
const CODEX_NOISE = /^(WARNING: proceeding|Reading additional input)/;

describe("the model chosen for a run reaches the model API", () => {
  it("Claude Code: --model for a new session, and another for its resume and its fork", async () => {
    await withStandIn("claude", startMessagesApi, createSandbox, async (api, run) => {
      const id = randomUUID();
      const first = await run({ kind: "new", sessionId: id }, "hello", "claude-model-a");
      expectCompleted(first, CLAUDE_NOISE);
      expect(modelsSince(api.requests)).toEqual(["claude-model-a"]);

      let from = api.requests.length;
      expectCompleted(await run({ kind: "continue", sessionId: id }, "again", "claude-model-b"), CLAUDE_NOISE);
      expect(modelsSince(api.requests, from)).toEqual(["claude-model-b"]);

      from = api.requests.length;
      expectCompleted(await run({ kind: "fork", fromSessionId: id, newSessionId: randomUUID() }, "branch", "claude-model-c"), CLAUDE_NOISE);
      expect(modelsSince(api.requests, from)).toEqual(["claude-model-c"]);
    });
  });

  it("Codex: exec --model for a new thread, and another for its resume and its fork", async () => {
    const sandbox = (api: ModelApi) => createAgentSandbox(() => codexEnv(api));
    await withStandIn("codex", startResponsesApi, sandbox, async (api, run) => {
      const first = await run({ kind: "new" }, "hello", "gpt-5.5");
      expectCompleted(first, CODEX_NOISE);
      expect(modelsSince(api.requests)).toEqual(["gpt-5.5"]);
      const thread = first.outcome.sessionId!;

      let from = api.requests.length;
      expectCompleted(await run({ kind: "continue", sessionId: thread }, "again", "gpt-5.4"), CODEX_NOISE);
      expect(modelsSince(api.requests, from)).toEqual(["gpt-5.4"]);

      from = api.requests.length;
      expectCompleted(await run({ kind: "fork", fromSessionId: thread }, "branch", "gpt-5.5-mini"), CODEX_NOISE);
      expect(modelsSince(api.requests, from)).toEqual(["gpt-5.5-mini"]);
    });
  });

  // Each environment pins another model (GEMINI_MODEL, OPENAI_MODEL, the config's model, COPILOT_MODEL): the chosen one must win.
  it.each([
    {
      agent: "gemini",
      start: startGeminiApi,
      env: (api: ModelApi, root: string) => geminiEnv(api, root),
      model: "gemini-2.5-pro",
      noise: /^(Warning: 256-color|Ripgrep is not available|\[STARTUP\] )/,
    },
    { agent: "qwen", start: startChatCompletionsApi, env: (api: ModelApi) => qwenEnv(api), model: "standin-other", noise: /^Ripgrep not available/ },
    { agent: "opencode", start: startChatCompletionsApi, env: (api: ModelApi) => opencodeWithSecondModel(api), model: "standin/standin-other" },
    { agent: "copilot", start: startChatCompletionsApi, env: (api: ModelApi) => copilotEnv(api), model: "standin-other" },
  ])("$agent: --model $model for a new session, over the model its environment names", async ({ agent, start, env, model, noise }) => {
    const sandbox = (api: ModelApi) => createAgentSandbox(({ root }) => env(api, root));
    await withStandIn(agent, start, sandbox, async (api, run) => {
      expectCompleted(await run({ kind: "new" }, "hello", model), noise);
      // opencode names the provider too; the API hears the provider's model id.
      expect(modelsSince(api.requests)).toEqual([model.replace(/^standin\//, "")]);
    });
  });
});

/**
 * opencode's stand-in provider with a second model: opencode runs only models
 * its config lists (its title call, when it makes one, goes to the same model).
 */
function opencodeWithSecondModel(api: ModelApi): Record<string, string | undefined> {
  const env = opencodeEnv(api);
  const config = JSON.parse(env.OPENCODE_CONFIG_CONTENT!);
  config.provider.standin.models["standin-other"] = { name: "Standin other" };
  return { ...env, OPENCODE_CONFIG_CONTENT: JSON.stringify(config) };
}
