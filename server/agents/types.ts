import type { LogEntry } from "@/lib/log-entries";

// The contract every agent CLI integration fulfils. An agent is data plus a
// few pure functions: how to find its binary, what it can do with sessions,
// how to build a launch argv, how to read its stdout lines and how to show
// its stored events. Spawning and storing are someone else's job.

/**
 * What an agent can do with conversation sessions. An agent lists the ones it
 * has; an empty list means it has no sessions at all (every run stands alone),
 * so Arbor offers neither Continue nor Fork for it.
 * - assign-id-at-launch: Arbor picks the id of a new session (Claude: --session-id).
 * - resume-by-id: continue a known session (Claude: --resume <id>).
 * - fork: copy a session into a new one and continue there (Claude: --fork-session).
 * - fork-at-message: fork from a given earlier message (Claude: --resume-session-at).
 * - continue-latest: continue the most recent session of the cwd (Claude: --continue).
 */
export type SessionCapability = "assign-id-at-launch" | "resume-by-id" | "fork" | "fork-at-message" | "continue-latest";

/** How a run relates to existing sessions. */
export type LaunchMode =
  | { kind: "new"; /** The id to give the new session, if the agent can be told. */ sessionId?: string }
  | { kind: "continue"; sessionId: string }
  | { kind: "continue-latest" }
  | {
      kind: "fork";
      fromSessionId: string;
      /** The id the forked session gets, if the agent can be told. */
      newSessionId?: string;
      /** Branch after this assistant message instead of the session's end. */
      atMessageId?: string | null;
    };

export interface LaunchRequest {
  mode: LaunchMode;
  prompt: string;
}

/** What `<bin> --help` / `--version` revealed about one installed CLI. */
export interface CliCapabilities {
  binaryPath: string;
  /** "2.1.330", or null when --version printed no version number. */
  version: string | null;
  /** Every option the help lists, long and short forms ("--resume", "-r"). */
  flags: ReadonlySet<string>;
  /** Allowed values of options whose help lists `(choices: …)`. */
  choices: ReadonlyMap<string, readonly string[]>;
}

export interface LaunchContext {
  /** Absolute path of the resolved binary; becomes argv[0]. */
  binaryPath: string;
  /** Null for agents that are launched without probing their CLI. */
  capabilities: CliCapabilities | null;
  /** Environment the launch is planned for (agent settings come from here). */
  env: Readonly<Record<string, string | undefined>>;
}

export type LaunchFailureCode =
  /** The binary is not installed / not on PATH / not configured. */
  | "agent_not_found"
  /** The installed CLI lacks something this launch needs (a flag, a version, a session feature). */
  | "agent_unsupported"
  /** Arbor's settings for the agent are invalid (e.g. ARBOR_COMMAND_ARGS is not a JSON array). */
  | "agent_misconfigured"
  /** The request itself is malformed (e.g. a session id that is not a UUID). */
  | "invalid_launch";

export type LaunchPlan = {
  ok: true;
  /** argv[0] is the binary; every value is its own element (no shell). */
  argv: string[];
  /** Variables to add to (string) or remove from (undefined) the inherited environment. */
  env: Record<string, string | undefined>;
  /** The session id the run should report at start, when Arbor chose it. */
  expectedSessionId: string | null;
};

export type LaunchFailure = { ok: false; code: LaunchFailureCode; message: string; missingFlags?: string[] };

export type LaunchResult = LaunchPlan | LaunchFailure;

/** One stored event: what one stdout line of an agent became. */
export interface AgentEvent {
  kind: string;
  payload: unknown;
}

/** The end-of-run summary an agent printed. */
export interface ResultSignal {
  /**
   * The session the result names, or null when the run failed before any
   * session existed (e.g. resuming an unknown id): such a result names an id
   * that must never be recorded.
   */
  sessionId: string | null;
  isError: boolean;
  subtype: string | null;
  errorMessage: string | null;
  /** cacheReadTokens: of the input, prompt-cache reads (null or absent: not reported). */
  usage: { inputTokens: number | null; outputTokens: number | null; cacheReadTokens?: number | null };
  costUsd: number | null;
  durationMs: number | null;
  numTurns: number | null;
  /** The run failed because the session to resume does not exist. */
  sessionNotFound: boolean;
}

/** Facts the runner needs from a line, besides storing it. */
export interface LineSignals {
  /** The session id the agent announced at start (Claude: system/init). */
  sessionId?: string;
  /** Id of an assistant message of the main conversation (a possible exact fork point). */
  assistantMessageId?: string;
  result?: ResultSignal;
}

export interface ParsedLine {
  event: AgentEvent;
  signals: LineSignals;
}

/** Facts some CLIs only print on stderr. */
export interface StderrSignals {
  sessionNotFound?: boolean;
  /** A new session was given an id that already exists. */
  sessionIdInUse?: boolean;
}

export interface AgentDefinition {
  id: string;
  displayName: string;
  binary: {
    /** Env variable that overrides the binary (a path, or a name looked up on PATH). */
    envVar: string;
    /** Looked up on PATH when the env variable is unset; null: the variable is required. */
    defaultCommand: string | null;
  };
  sessionCapabilities: readonly SessionCapability[];
  /**
   * How many days the agent keeps a session's transcript after its last use
   * (Claude Code: 30, its default `cleanupPeriodDays`), or null when unknown or
   * the agent has no sessions. Older sessions are flagged "may have expired".
   */
  transcriptRetentionDays: number | null;
  /** Whether launching needs the CLI probe (`--help`/`--version`) first. */
  probesCli: boolean;
  /** Pure: the argv for a request, or why it cannot be launched. */
  buildLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult;
  /** Never throws; a `truncated` line was cut by the line splitter. */
  parseLine(line: string, options?: { truncated?: boolean }): ParsedLine;
  classifyStderr(text: string): StderrSignals;
  /** Never throws: maps one stored event to what the UI shows. */
  normalize(event: AgentEvent): LogEntry[];
}
