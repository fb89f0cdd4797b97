import { randomBytes } from "node:crypto";
import path from "node:path";
import type { ModelApi } from "@/test/support/stand-in/model-api";

// The environment that runs each real CLI offline against its stand-in.
// Every value the developer's own environment might hold for these CLIs is
// set here, so a real key or endpoint can never take part in a test.

const BIN_DIR = path.resolve(__dirname, "../../../../node_modules/.bin");
export const AGENT_BINS = {
  codex: path.join(BIN_DIR, "codex"),
  gemini: path.join(BIN_DIR, "gemini"),
  opencode: path.join(BIN_DIR, "opencode"),
  qwen: path.join(BIN_DIR, "qwen"),
  copilot: path.join(BIN_DIR, "copilot"),
} as const;

export const STANDIN_MODEL = "standin-model";

/** Codex: a custom Responses-API provider (ARBOR_CODEX_BASE_URL), key from OPENAI_API_KEY. */
export function codexEnv(api: Pick<ModelApi, "url">): Record<string, string | undefined> {
  return {
    CODEX_BIN: AGENT_BINS.codex,
    ARBOR_CODEX_BASE_URL: `${api.url}/v1`,
    OPENAI_API_KEY: "test-key",
    CODEX_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
  };
}

/**
 * Gemini CLI: the API-key auth against GOOGLE_GEMINI_BASE_URL. GEMINI_MODEL
 * pins the model, so no routing call (which asks for JSON) precedes each turn.
 * Its error reports go to the temp dir: `tmpDir` keeps them in the sandbox.
 */
export function geminiEnv(api: Pick<ModelApi, "url">, tmpDir?: string): Record<string, string | undefined> {
  return {
    ...(tmpDir ? { TMPDIR: tmpDir } : {}),
    GEMINI_BIN: AGENT_BINS.gemini,
    GEMINI_API_KEY: "test-key",
    GOOGLE_GEMINI_BASE_URL: api.url,
    GEMINI_MODEL: "gemini-2.5-flash",
    GOOGLE_API_KEY: undefined,
    GOOGLE_CLOUD_PROJECT: undefined,
    GOOGLE_GENAI_USE_VERTEXAI: undefined,
  };
}

/** opencode: an OpenAI-compatible provider given inline; nothing fetched from the network. */
export function opencodeEnv(api: Pick<ModelApi, "url">): Record<string, string | undefined> {
  const config = {
    model: `standin/${STANDIN_MODEL}`,
    provider: {
      standin: {
        npm: "@ai-sdk/openai-compatible",
        name: "Standin",
        options: { baseURL: `${api.url}/v1`, apiKey: "{env:STANDIN_API_KEY}" },
        models: { [STANDIN_MODEL]: { name: "Standin" } },
      },
    },
  };
  return {
    OPENCODE_BIN: AGENT_BINS.opencode,
    OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
    STANDIN_API_KEY: "test-key",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_SHARE: "1",
    // opencode works through its built-in catalogue of models (~225 providers, ~8,000 models) as it
    // starts: ~3 s of CPU a run. The stand-in provider is given inline and needs none of it: an empty
    // catalogue (a file of valid JSON; an empty or missing one falls back to the built-in) leaves the
    // request the model gets unchanged (the same tools and system prompt) and a run ~2 s shorter.
    OPENCODE_MODELS_PATH: path.resolve(__dirname, "../../../support/opencode-models.json"),
  };
}

/** Qwen Code: the OpenAI-compatible auth it picks by itself from these variables. */
export function qwenEnv(api: Pick<ModelApi, "url">): Record<string, string | undefined> {
  return { QWEN_BIN: AGENT_BINS.qwen, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: `${api.url}/v1`, OPENAI_MODEL: STANDIN_MODEL };
}

/**
 * Copilot CLI, bring-your-own-key. The key must be long and random: Copilot
 * masks the key's text wherever it appears in its output.
 */
export function copilotEnv(api: Pick<ModelApi, "url">): Record<string, string | undefined> {
  return {
    COPILOT_BIN: AGENT_BINS.copilot,
    COPILOT_PROVIDER_BASE_URL: `${api.url}/v1`,
    COPILOT_PROVIDER_API_KEY: `sk-standin-${randomBytes(16).toString("hex")}`,
    COPILOT_MODEL: STANDIN_MODEL,
    COPILOT_GITHUB_TOKEN: undefined,
    GH_TOKEN: undefined,
    GITHUB_TOKEN: undefined,
  };
}
