import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "@/server/config/loopback-host";

// All configuration comes from the environment, and this is the one place in
// server/ and scripts/ that reads it: every variable below is parsed here,
// and everything else receives the parsed values (a unit test keeps
// process.env out of the rest, another keeps README's table complete). A typo
// fails at start with a sentence, not later.

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a port number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and 65535`)
    .max(65535, `${name} must be between 1 and 65535`);

const count = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

const flag = z.enum(["0", "1", "true", "false"], { error: "must be 1 or 0" }).transform((v) => v === "1" || v === "true");

/** Every variable Arbor reads (the CLI's own are in cli/config.ts). */
export const envSchema = z.object({
  // The web server
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port("PORT").default(3000),
  ARBOR_TOKEN: z.string().optional(),
  ARBOR_NEXT_DIST_DIR: z.string().min(1).default(".next"),
  // The database
  DATABASE_URL: z.string().url().optional(),
  ARBOR_DATA_DIR: z.string().min(1).default(".arbor"),
  ARBOR_DB_PORT: port("ARBOR_DB_PORT").default(54329),
  ARBOR_DB_POOL_MAX: count("ARBOR_DB_POOL_MAX", 1000).default(10),
  // Where agents may work. Registering a project is the person's consent to
  // its directory; ARBOR_WORKSPACE_ROOTS, when the operator sets it, caps
  // everything (registrations and runs) to the directories it lists.
  ARBOR_WORKSPACE: z.string().optional(),
  ARBOR_WORKSPACE_ROOTS: z.string().optional(),
  // Runners
  ARBOR_NO_RUNNER: flag.default(false),
  ARBOR_RUNNER_ID: z.string().min(1).max(200).optional(),
  ARBOR_RUNNER_CONCURRENCY: count("ARBOR_RUNNER_CONCURRENCY", 64).default(4),
  // Warm sessions (server/runner/warm/): a session's agent process kept alive after its turn
  ARBOR_WARM_SESSIONS: flag.default(true),
  ARBOR_WARM_IDLE_SECONDS: z.coerce
    .number({ error: "ARBOR_WARM_IDLE_SECONDS must be a number of seconds" })
    .min(0.1, "ARBOR_WARM_IDLE_SECONDS must be at least 0.1")
    .max(86_400, "ARBOR_WARM_IDLE_SECONDS must be at most 86400 (a day)")
    .default(300),
  ARBOR_WARM_MAX: count("ARBOR_WARM_MAX", 256).default(4),
  ARBOR_WARM_MAX_MB: count("ARBOR_WARM_MAX_MB", 1_048_576).default(1024),
  ARBOR_WARM_STEERING: flag.default(true),
  // Pre-started agents (server/runner/warm/prestart-pool.ts): an agent process started ahead of a project's next new run
  ARBOR_PRESTART: flag.default(true),
  // Agents. The agent layer reads these from the environment the runner hands
  // it (and checks them at launch, so a bad value fails that run with
  // agent_misconfigured rather than the runner); they are listed here so they
  // are documented and typed like the rest.
  CLAUDE_BIN: z.string().optional(),
  // Claude Code's own switch: as root it refuses bypassPermissions (Arbor's
  // "trusted" mode) unless this is 1, i.e. the machine is a sandbox.
  IS_SANDBOX: z.string().optional(),
  ARBOR_COMMAND_BIN: z.string().optional(),
  ARBOR_COMMAND_ARGS: z.string().optional(),
  CODEX_BIN: z.string().optional(),
  GEMINI_BIN: z.string().optional(),
  OPENCODE_BIN: z.string().optional(),
  QWEN_BIN: z.string().optional(),
  COPILOT_BIN: z.string().optional(),
  AIDER_BIN: z.string().optional(),
  ARBOR_CODEX_BASE_URL: z.string().url().optional(),
  ARBOR_AGENTS_FILE: z.string().optional(),
  // People in the loop: how long an approval may wait before it is denied
  // ("900", "15m", "2h"; unset: no limit), and a webhook told when a run needs
  // a decision, finishes or fails (signed with the secret when one is set).
  ARBOR_APPROVAL_TIMEOUT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(s|m|h)?$/i, "ARBOR_APPROVAL_TIMEOUT must be a duration: seconds (900) or with a unit (15m, 2h)")
    .optional(),
  ARBOR_NOTIFY_URL: z.string().url("ARBOR_NOTIFY_URL must be an http(s) URL").optional(),
  ARBOR_NOTIFY_SECRET: z.string().min(16, "ARBOR_NOTIFY_SECRET must be at least 16 characters").optional(),
  // Arbor's MCP server for agents (server/mcp/): where a runner's agents reach
  // /api/mcp. `npm start` sets it for its own runner; a runner started apart
  // (`npm run runner`) attaches the server only when it is set.
  ARBOR_MCP_URL: z.string().url("ARBOR_MCP_URL must be an http(s) URL, e.g. http://127.0.0.1:3000/api/mcp").optional(),
  // Pull requests (server/pulls/): GitHub's REST API and its token (never
  // stored, logged or handed to an agent), a GitHub Enterprise (or test) base
  // URL, the secret GitHub signs webhooks with, and where people reach Arbor
  // (a PR body links back to the turn when it is set).
  ARBOR_GITHUB_TOKEN: z.string().min(1).optional(),
  ARBOR_GITHUB_API_URL: z.string().url("ARBOR_GITHUB_API_URL must be an http(s) URL, e.g. https://github.example.com/api/v3").default("https://api.github.com"),
  ARBOR_GITHUB_WEBHOOK_SECRET: z.string().min(16, "ARBOR_GITHUB_WEBHOOK_SECRET must be at least 16 characters").optional(),
  // A push may go to a remote on a local path (a bare repository on this machine or a shared disk):
  // off by default, since a local remote runs that repository's own hooks as Arbor's user.
  ARBOR_PUSH_LOCAL_REMOTES: flag.default(false),
  ARBOR_PUBLIC_URL: z.string().url("ARBOR_PUBLIC_URL must be an http(s) URL, e.g. https://arbor.example.com").optional(),
  // Sessions across machines (issue 24): how long Arbor keeps agents' session
  // state in PostgreSQL (days; unset: kept), and a directory of bare
  // repositories on storage every runner reaches, where lines of work travel
  // (unset: each project's own remote, else nothing travels).
  ARBOR_SESSION_STATE_DAYS: count("ARBOR_SESSION_STATE_DAYS", 36_500).optional(),
  ARBOR_GIT_STORE: z.string().min(1).optional(),
  // The test suite (`npm test`)
  ARBOR_TEST_DB_PORT: port("ARBOR_TEST_DB_PORT").default(54339),
  ARBOR_TEST_WORKERS: count("ARBOR_TEST_WORKERS", 16).default(2),
  CHROMIUM_PATH: z.string().min(1).default("/usr/bin/chromium"),
  CI: z.string().optional(),
});

export type Environment = Readonly<Record<string, string | undefined>>;

export type ArborConfig = {
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  token: string | undefined;
  loopbackOnly: boolean;
  /** Default working directory for executions. */
  workspace: string;
  /**
   * Where a run's cwd may be without being a registered project's directory:
   * the operator's cap when set, else the default workspace. (A registered
   * project's directory is allowed too, read from the database.)
   */
  workspaceRoots: string[];
  /**
   * ARBOR_WORKSPACE_ROOTS as the operator set it, or null: every directory a
   * person registers and every run's directory must resolve inside one of
   * these. Unset, a person may register any directory (server/projects/).
   */
  workspaceCap: string[] | null;
  /** Port of the embedded PostgreSQL (when DATABASE_URL is unset). */
  embeddedDbPort: number;
  /** Connections in this process's Prisma pool. */
  dbPoolMax: number;
  /** Build folder of the web app. */
  nextDistDir: string;
  runner: {
    /** `npm start` runs none when set (ARBOR_NO_RUNNER=1). */
    disabled: boolean;
    /** Explicit runner id; unset: <hostname>, <hostname>-2, … */
    id: string | undefined;
    concurrency: number;
    warm: WarmConfig;
  };
  /** How long an approval may wait for a person before it is denied (null: no limit). */
  approvalTimeoutMs: number | null;
  /** A webhook for approval.requested / execution.finished / execution.failed (null: none), and its signing secret. */
  notify: { url: string; secret: string | null } | null;
  /** Pull requests on GitHub: the token (null: none set), the REST API's base URL, the webhook secret (null: webhooks refused). */
  github: { token: string | null; apiUrl: string; webhookSecret: string | null };
  /** Push may go to a remote on a local path (ARBOR_PUSH_LOCAL_REMOTES=1); else https and ssh only. */
  pushLocalRemotes: boolean;
  /** Where people reach Arbor (ARBOR_PUBLIC_URL, no trailing slash), for links written elsewhere (a PR body); null: unset. */
  publicUrl: string | null;
  /** Claude Code may run bypassPermissions (Arbor's "trusted") although Arbor runs as root (IS_SANDBOX=1). */
  sandboxed: boolean;
  /** ARBOR_SESSION_STATE_DAYS: agents' session state older than this many days is deleted from PostgreSQL (null: kept). */
  sessionStateDays: number | null;
  /** ARBOR_GIT_STORE: a directory of bare repositories (one per project) every runner reaches, where lines of work travel; null: each project's remote. */
  gitStore: string | null;
  test: { embeddedDbPort: number; workers: number; chromiumPath: string; ci: boolean };
  /**
   * The environment these values were read from. Child processes (agents,
   * the web server, the runner) inherit it; nothing reads settings from it.
   */
  env: NodeJS.ProcessEnv;
};

/** Warm sessions: whether a runner keeps a session's agent process after its turn, for how long, and how many (and how much memory) at most. */
export type WarmConfig = {
  enabled: boolean;
  idleMs: number;
  maxProcesses: number;
  maxBytes: number;
  /** A follow-up sent while a turn runs on a warm process goes to that process at once (the agent folds it in, or runs it next). */
  steering: boolean;
  /** After a new run of a project, start the next one's agent ahead of time (within the same caps). */
  prestart: boolean;
  /** How long after that run's turn (default 1 s; tests shorten it). */
  prestartDelayMs?: number;
};

export class ConfigError extends Error {}

/** The environment this process was started with, for handing to child processes unchanged. */
export function inheritedEnv(): NodeJS.ProcessEnv {
  return process.env;
}

/**
 * Makes `env` this process's environment: `npm start` runs its runner in its
 * own process, and the runner's modules read the database they use (the
 * embedded one's URL, chosen at start) from here like any process would.
 */
export function adoptEnvironment(env: Environment): void {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

export function loadConfig(env: Environment = process.env): ArborConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  // turbopackIgnore: these are run-time paths, not files to bundle.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.ARBOR_DATA_DIR);
  const token = e.ARBOR_TOKEN?.trim() || undefined;
  if (token && token.length < 16) {
    throw new ConfigError("ARBOR_TOKEN must be at least 16 characters");
  }
  const workspace = path.resolve(/*turbopackIgnore: true*/ e.ARBOR_WORKSPACE ?? path.join(dataDir, "workspace"));
  const cap = e.ARBOR_WORKSPACE_ROOTS
    ? e.ARBOR_WORKSPACE_ROOTS.split(path.delimiter)
        .filter(Boolean)
        .map((p) => path.resolve(/*turbopackIgnore: true*/ p))
    : [];
  const workspaceCap = cap.length > 0 ? cap : null;
  return {
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    token,
    loopbackOnly: isLoopbackHost(e.HOST),
    workspace,
    workspaceRoots: workspaceCap ?? [workspace],
    workspaceCap,
    embeddedDbPort: e.ARBOR_DB_PORT,
    dbPoolMax: e.ARBOR_DB_POOL_MAX,
    nextDistDir: e.ARBOR_NEXT_DIST_DIR,
    runner: {
      disabled: e.ARBOR_NO_RUNNER,
      id: e.ARBOR_RUNNER_ID?.trim() || undefined,
      concurrency: e.ARBOR_RUNNER_CONCURRENCY,
      warm: {
        enabled: e.ARBOR_WARM_SESSIONS,
        idleMs: Math.round(e.ARBOR_WARM_IDLE_SECONDS * 1000),
        maxProcesses: e.ARBOR_WARM_MAX,
        maxBytes: e.ARBOR_WARM_MAX_MB * 1024 * 1024,
        steering: e.ARBOR_WARM_STEERING,
        prestart: e.ARBOR_PRESTART,
      },
    },
    approvalTimeoutMs: e.ARBOR_APPROVAL_TIMEOUT ? durationMs(e.ARBOR_APPROVAL_TIMEOUT) : null,
    notify: e.ARBOR_NOTIFY_URL ? { url: e.ARBOR_NOTIFY_URL, secret: e.ARBOR_NOTIFY_SECRET ?? null } : null,
    pushLocalRemotes: e.ARBOR_PUSH_LOCAL_REMOTES,
    github: { token: e.ARBOR_GITHUB_TOKEN ?? null, apiUrl: e.ARBOR_GITHUB_API_URL.replace(/\/+$/, ""), webhookSecret: e.ARBOR_GITHUB_WEBHOOK_SECRET ?? null },
    publicUrl: e.ARBOR_PUBLIC_URL ? e.ARBOR_PUBLIC_URL.replace(/\/+$/, "") : null,
    sandboxed: e.IS_SANDBOX === "1",
    sessionStateDays: e.ARBOR_SESSION_STATE_DAYS ?? null,
    gitStore: e.ARBOR_GIT_STORE ? path.resolve(/*turbopackIgnore: true*/ e.ARBOR_GIT_STORE) : null,
    test: {
      embeddedDbPort: e.ARBOR_TEST_DB_PORT,
      workers: e.ARBOR_TEST_WORKERS,
      chromiumPath: e.CHROMIUM_PATH,
      ci: Boolean(e.CI && e.CI !== "0" && e.CI !== "false"),
    },
    // What a child inherits, as Node types it (Next declares NODE_ENV on it).
    env: env as NodeJS.ProcessEnv,
  };
}

/** "900", "15m", "2h" → milliseconds (seconds when no unit). */
function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h)?$/i.exec(text.trim());
  const unit = match?.[2]?.toLowerCase() ?? "s";
  return Math.round(Number(match?.[1] ?? 0) * (unit === "h" ? 3_600_000 : unit === "m" ? 60_000 : 1_000));
}

/** The web server's rule: Arbor runs agents that edit files, so it never listens beyond loopback without a token. */
export function assertSafeToServe(config: ArborConfig): void {
  if (!config.loopbackOnly && !config.token) {
    throw new ConfigError(
      `Refusing to listen on ${config.host} without an access token: Arbor runs agents that edit files, so set ARBOR_TOKEN (e.g. ARBOR_TOKEN=$(openssl rand -hex 32)) or bind HOST=127.0.0.1`,
    );
  }
}

/** The database of a process that cannot bring its own (a runner, a script); a sentence saying what to do otherwise. */
export function requireDatabaseUrl(config: ArborConfig): string {
  if (!config.databaseUrl) {
    throw new ConfigError("DATABASE_URL is not set: point it at Arbor's database (npm start prints where it is)");
  }
  return config.databaseUrl;
}
