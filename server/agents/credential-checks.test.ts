import { CREDENTIAL_CHECKS, needsMessage } from "@/server/agents/credential-checks";

// Each built-in agent's check, with files served from a table instead of the disk.

type Case = [agent: string, env: Record<string, string>, files: Record<string, string>, args: string[], present: boolean];
const HOME = { HOME: "/home/me" };

const cases: Case[] = [
  ["claude", HOME, {}, [], false],
  ["claude", { ...HOME, ANTHROPIC_API_KEY: "k" }, {}, [], true],
  ["claude", { ...HOME, ANTHROPIC_AUTH_TOKEN: "t" }, {}, [], true],
  ["claude", { ...HOME, ANTHROPIC_API_KEY: "  " }, {}, [], false],
  ["claude", HOME, { "/home/me/.claude/.credentials.json": "{}" }, [], true],
  ["claude", { ...HOME, CLAUDE_CONFIG_DIR: "/cfg" }, { "/home/me/.claude/.credentials.json": "{}" }, [], false],
  ["claude", { ...HOME, CLAUDE_CONFIG_DIR: "/cfg" }, { "/cfg/.credentials.json": "{}" }, [], true],
  ["claude", HOME, { "/home/me/.claude.json": '{"oauthAccount":{"emailAddress":"me@example.com"}}' }, [], true],
  ["claude", HOME, { "/home/me/.claude.json": '{"numStartups":3}' }, [], false],
  ["claude", { ...HOME, CLAUDE_CONFIG_DIR: "/cfg" }, { "/cfg/.claude.json": '{"oauthAccount":{}}' }, [], true],
  ["claude", HOME, { "/home/me/.claude/settings.json": '{"apiKeyHelper":"~/bin/key"}' }, [], true],
  ["codex", HOME, {}, [], false],
  ["codex", { ...HOME, OPENAI_API_KEY: "k" }, {}, [], true],
  ["codex", { ...HOME, CODEX_HOME: "/arbor/agent-homes/codex" }, { "/arbor/agent-homes/codex/auth.json": "{}" }, [], true],
  ["codex", HOME, {}, ["-c", 'model_provider="mine"'], true],
  ["gemini", HOME, {}, [], false],
  ["gemini", { ...HOME, GEMINI_API_KEY: "k" }, {}, [], true],
  ["gemini", { ...HOME, GOOGLE_GENAI_USE_VERTEXAI: "true" }, {}, [], false],
  ["gemini", { ...HOME, GOOGLE_GENAI_USE_VERTEXAI: "true", GOOGLE_CLOUD_PROJECT: "p" }, {}, [], true],
  ["gemini", { ...HOME, GEMINI_CLI_HOME: "/g" }, { "/g/.gemini/oauth_creds.json": "{}" }, [], true],
  ["opencode", HOME, {}, [], false],
  ["opencode", { ...HOME, OPENCODE_CONFIG_CONTENT: '{"permission":{"bash":"deny"}}' }, {}, [], false],
  ["opencode", { ...HOME, OPENCODE_CONFIG_CONTENT: '{"model":"standin/m","provider":{}}' }, {}, [], true],
  ["opencode", { ...HOME, ANTHROPIC_API_KEY: "k" }, {}, [], true],
  ["opencode", { ...HOME, XDG_CONFIG_HOME: "/x/config" }, { "/x/config/opencode/opencode.json": '{"$schema":"https://opencode.ai/config.json"}' }, [], false],
  ["opencode", { ...HOME, XDG_CONFIG_HOME: "/x/config" }, { "/x/config/opencode/opencode.json": '{ "provider": { "ollama": {} } }' }, [], true],
  ["opencode", HOME, { "/home/me/.local/share/opencode/auth.json": '{"anthropic":{"type":"api","key":"k"}}' }, [], true],
  ["qwen", HOME, {}, [], false],
  ["qwen", { ...HOME, OPENAI_API_KEY: "k" }, {}, [], true],
  ["qwen", HOME, {}, ["--auth-type", "anthropic"], true],
  ["qwen", { ...HOME, QWEN_HOME: "/q" }, { "/q/settings.json": '{"security":{"auth":{"selectedType":"openai"}}}' }, [], true],
  ["copilot", HOME, {}, [], false],
  ["copilot", { ...HOME, COPILOT_PROVIDER_BASE_URL: "http://127.0.0.1:1/v1" }, {}, [], true],
  ["copilot", { ...HOME, GH_TOKEN: "t" }, {}, [], true],
  ["copilot", HOME, { "/home/me/.copilot/config.json": '{"logged_in_users":[]}' }, [], false],
  ["copilot", HOME, { "/home/me/.copilot/config.json": '{"logged_in_users":[{"host":"https://github.com","login":"me"}]}' }, [], true],
  ["aider", HOME, {}, [], false],
  ["aider", { ...HOME, ANTHROPIC_API_KEY: "k" }, {}, [], true],
  ["aider", HOME, {}, ["--api-key", "openai=k"], true],
];

describe("credential checks", () => {
  it.each(cases)("%s %j files %j args %j → present %s", async (agent, env, files, args, present) => {
    const read = async (file: string) => files[file] ?? null;
    expect(await CREDENTIAL_CHECKS[agent].present({ env, args, read })).toBe(present);
  });

  it("say which variable is missing, in a sentence with the other ways", () => {
    expect(needsMessage(CREDENTIAL_CHECKS.codex)).toBe("needs OPENAI_API_KEY (or a Codex login in its home)");
    expect(needsMessage(CREDENTIAL_CHECKS.claude)).toBe("needs ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN, or a logged-in CLAUDE_CONFIG_DIR)");
    expect(Object.keys(CREDENTIAL_CHECKS).sort()).toEqual(["aider", "claude", "codex", "copilot", "gemini", "opencode", "qwen"]);
  });
});
