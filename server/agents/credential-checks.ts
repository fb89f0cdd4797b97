import path from "node:path";

// What each built-in agent needs in its environment before it can talk to a
// model: a key, a provider config, or a login its CLI saved. Judged without
// any network call, from the variables a runner's agents get (its own
// environment plus the agents file's `env`) and the files a login leaves in
// the agent's home. A custom agent from the agents file has no check: Arbor
// cannot know what it needs.

type Env = Readonly<Record<string, string | undefined>>;

/** Reads a file's text, or null when it is not there (or unreadable). */
export type ReadFile = (file: string) => Promise<string | null>;

export type CredentialContext = {
  /** The environment the agent's CLI would run with (Arbor's home variables and the agents file's env included). */
  env: Env;
  /** The agents file's extra options for it (some supply a key or a provider). */
  args: readonly string[];
  read: ReadFile;
};

export type CredentialCheck = {
  /** The variable named when nothing is there: "needs OPENAI_API_KEY". */
  variable: string;
  /** The other ways, in words, shown in parentheses ("or ANTHROPIC_AUTH_TOKEN, or a logged-in CLAUDE_CONFIG_DIR"). */
  alternatives: string;
  present(context: CredentialContext): Promise<boolean>;
};

const set = (env: Env, name: string) => (env[name]?.trim() ?? "") !== "";
const anySet = (env: Env, names: readonly string[]) => names.some((name) => set(env, name));
const home = (env: Env) => env.HOME?.trim() || "/";
/** A variable's directory, else the default under HOME. */
const dirOf = (env: Env, variable: string, ...fallback: string[]) => env[variable]?.trim() || path.join(/*turbopackIgnore: true*/ home(env), ...fallback);
async function fileMatches(read: ReadFile, file: string, pattern: RegExp = /\S/): Promise<boolean> {
  const text = await read(file);
  return text !== null && pattern.test(text);
}
async function someFile(read: ReadFile, files: ReadonlyArray<[string, RegExp?]>): Promise<boolean> {
  for (const [file, pattern] of files) if (await fileMatches(read, file, pattern)) return true;
  return false;
}

/** Keys opencode picks providers up from by itself (the `env` of providers in its bundled models list, 1.18.33). */
const OPENCODE_PROVIDER_KEYS = [
  "ANTHROPIC_API_KEY",
  "OPENAI_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "OPENROUTER_API_KEY",
  "GROQ_API_KEY",
  "DEEPSEEK_API_KEY",
  "XAI_API_KEY",
  "MISTRAL_API_KEY",
];
const PROVIDER_CONFIG = /"(provider|model)"\s*:/;

export const CREDENTIAL_CHECKS: Record<string, CredentialCheck> = {
  claude: {
    variable: "ANTHROPIC_API_KEY",
    alternatives: "or ANTHROPIC_AUTH_TOKEN, or a logged-in CLAUDE_CONFIG_DIR",
    present: async ({ env, read }) => {
      if (anySet(env, ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX"]))
        return true;
      const dir = dirOf(env, "CLAUDE_CONFIG_DIR", ".claude");
      // A login: its token file (Linux), or the account a login records in the global config
      // (where the token itself is in the system keychain: macOS); or a key helper in its settings.
      const globalConfig = env.CLAUDE_CONFIG_DIR?.trim() ? path.join(dir, ".claude.json") : path.join(/*turbopackIgnore: true*/ home(env), ".claude.json");
      return someFile(read, [
        [path.join(dir, ".credentials.json")],
        [globalConfig, /"oauthAccount"\s*:\s*\{/],
        [path.join(dir, "settings.json"), /"apiKeyHelper"\s*:/],
      ]);
    },
  },
  codex: {
    variable: "OPENAI_API_KEY",
    alternatives: "or a Codex login in its home",
    present: async ({ env, args, read }) =>
      anySet(env, ["OPENAI_API_KEY", "CODEX_API_KEY"]) ||
      // A provider of the agents file's own names its own key variable.
      args.some((arg) => /model_provider/.test(arg)) ||
      fileMatches(read, path.join(dirOf(env, "CODEX_HOME", ".codex"), "auth.json")),
  },
  gemini: {
    variable: "GEMINI_API_KEY",
    alternatives: "or GOOGLE_API_KEY, or Vertex AI: GOOGLE_GENAI_USE_VERTEXAI with GOOGLE_CLOUD_PROJECT",
    present: async ({ env, read }) =>
      anySet(env, ["GEMINI_API_KEY", "GOOGLE_API_KEY"]) ||
      (set(env, "GOOGLE_GENAI_USE_VERTEXAI") && set(env, "GOOGLE_CLOUD_PROJECT")) ||
      // A Workspace / Code Assist login (consumer logins were retired in 2026-06).
      fileMatches(read, path.join(dirOf(env, "GEMINI_CLI_HOME", ""), ".gemini", "oauth_creds.json")),
  },
  opencode: {
    variable: "OPENCODE_CONFIG_CONTENT",
    alternatives: "a provider, or a key opencode knows such as ANTHROPIC_API_KEY",
    present: async ({ env, read }) => {
      if (PROVIDER_CONFIG.test(env.OPENCODE_CONFIG_CONTENT ?? "") || anySet(env, ["OPENCODE_AUTH_CONTENT", ...OPENCODE_PROVIDER_KEYS])) return true;
      const config = path.join(dirOf(env, "XDG_CONFIG_HOME", ".config"), "opencode");
      const files: Array<[string, RegExp?]> = [
        [path.join(dirOf(env, "XDG_DATA_HOME", ".local", "share"), "opencode", "auth.json"), /"type"/],
        ...["opencode.json", "opencode.jsonc", "config.json"].map((name): [string, RegExp] => [path.join(config, name), PROVIDER_CONFIG]),
      ];
      if (set(env, "OPENCODE_CONFIG")) files.push([env.OPENCODE_CONFIG!.trim(), PROVIDER_CONFIG]);
      return someFile(read, files);
    },
  },
  qwen: {
    variable: "OPENAI_API_KEY",
    alternatives: "with OPENAI_BASE_URL and OPENAI_MODEL for another endpoint, or an auth type in its settings.json",
    present: async ({ env, args, read }) => {
      if (set(env, "OPENAI_API_KEY") || args.some((arg) => /^--(openai-api-key|auth-type)\b/.test(arg))) return true;
      const dir = dirOf(env, "QWEN_HOME", ".qwen");
      return someFile(read, [[path.join(dir, "settings.json"), /"(selectedType|apiKey|modelProviders)"\s*:/], [path.join(dir, "oauth_creds.json")]]);
    },
  },
  copilot: {
    variable: "COPILOT_GITHUB_TOKEN",
    alternatives: "or GH_TOKEN, or your own model provider in COPILOT_PROVIDER_BASE_URL, or a login in COPILOT_HOME",
    present: async ({ env, read }) =>
      anySet(env, ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "COPILOT_PROVIDER_BASE_URL"]) ||
      fileMatches(read, path.join(dirOf(env, "COPILOT_HOME", ".copilot"), "config.json"), /"logged_in_users"\s*:\s*\[\s*\{/),
  },
  aider: {
    variable: "OPENAI_API_KEY",
    alternatives: "or ANTHROPIC_API_KEY or another model key aider reads, or --api-key in the agents file",
    present: async ({ env, args }) =>
      anySet(env, ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "OPENROUTER_API_KEY", "DEEPSEEK_API_KEY", "OPENAI_API_BASE"]) ||
      args.some((arg) => /^--((openai|anthropic)-)?api-key\b/.test(arg)),
  },
};

/** "needs OPENAI_API_KEY (or a Codex login in its home)". */
export function needsMessage(check: CredentialCheck): string {
  return `needs ${check.variable} (${check.alternatives})`;
}
