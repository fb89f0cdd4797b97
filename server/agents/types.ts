import type { LogEntry } from "@/lib/executions/log-entries";
import type { AgentVerification, SessionCapability, SessionStrategy } from "@/lib/agents/schema";
import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/launch-types";
import type { AgentPermissions } from "@/server/agents/permission-types";
import type { StreamInputProtocol } from "@/server/agents/stream-input-types";

// SessionCapability and SessionStrategy are shared with the UI (lib/agents/schema.ts).
export type { AgentVerification, SessionCapability, SessionStrategy };
// The permission and streaming-input parts of the contract live beside it (imported from here too).
export type { AgentPermissions, ApprovalAnswer, ApprovalProtocol, ApprovalSignal } from "@/server/agents/permission-types";
export type { StreamInputProtocol, StreamInputSignal } from "@/server/agents/stream-input-types";
export type {
  CliCapabilities,
  LaunchContext,
  LaunchFailure,
  LaunchFailureCode,
  LaunchMode,
  LaunchPlan,
  LaunchRequest,
  LaunchResult,
  McpAttachment,
} from "@/server/agents/launch-types";

// The contract every agent CLI integration fulfils. An agent is data plus a
// few pure functions: how to find its binary, what it can do with sessions,
// how to build a launch argv, how to read its stdout lines and how to show
// its stored events. Spawning and storing are someone else's job.

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
  /**
   * inputTokens: all input the model read. cacheReadTokens /
   * cacheCreationTokens: the prompt-cache part of it, for agents that say.
   */
  usage: { inputTokens: number | null; outputTokens: number | null; cacheReadTokens?: number | null; cacheCreationTokens?: number | null };
  costUsd: number | null;
  durationMs: number | null;
  numTurns: number | null;
  /** The run failed because the session to resume does not exist. */
  sessionNotFound: boolean;
  /** The run failed because the conversation no longer fits the model's context window ("prompt is too long"). */
  contextExceeded?: boolean;
  /** Tool calls the agent was refused in this run (Claude: the result's permission_denials); null when it does not say. */
  refusedActions?: number | null;
}

/** Token counts (and cost) as a CLI reports them. */
export interface UsageSignal {
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd?: number | null;
}

/** Facts the runner needs from a line, besides storing it. */
export interface LineSignals {
  /** The session id the stream announced (Claude: system/init at the start; Copilot: only its last line). */
  sessionId?: string;
  /** Id of an assistant message of the main conversation (a possible exact fork point). */
  assistantMessageId?: string;
  result?: ResultSignal;
  /**
   * The line carries nothing worth keeping once the turn has moved on (a
   * partial message's framing: message_start, content_block_stop, …): it is
   * not stored. A text piece is stored instead, as a `text_draft` event.
   */
  transient?: boolean;
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

/** Where an agent keeps its sessions on a runner's disk, and which files make one session (AgentDefinition.sessionState). */
export type SessionStateSupport = {
  /** The directory the agent keeps its sessions under with this environment (every file stored or restored is relative to it and stays inside it); null: unknown here. */
  root(env: Readonly<Record<string, string | undefined>>): string | null;
  /** The session's files under `root` now, as relative paths with "/" (empty: none here). Reads the disk; never throws. */
  find(root: string, session: { sessionId: string; cwd: string }): Promise<string[]>;
  /**
   * Pure: where a stored file (relative path as `find` gave it, maybe on
   * another machine) goes for a turn of the session in `session.cwd` here;
   * null when the path is not one of a session's files in the agent's layout
   * (stored data is never trusted to name the agent's config or anything else).
   */
  restoreAs(relativePath: string, session: { sessionId: string; cwd: string }): string | null;
};

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
  /**
   * Pure, optional: where the agent keeps a session's transcript on the
   * runner's disk, so Arbor can tell whether the session still exists by a
   * stat, without resuming it or reading it (server/sessions/check-transcript.ts).
   * `searchRoot`: a directory whose immediate subdirectories may hold the same
   * file name instead (an agent that files sessions by another key).
   * Undefined/null: the agent keeps none Arbor can find.
   */
  sessionTranscript?(
    session: { sessionId: string; cwd: string },
    env: Readonly<Record<string, string | undefined>>,
  ): { path: string; searchRoot?: string } | null;
  /**
   * Optional: the agent's own session state, so a session can move to another
   * machine and outlive the CLI's own clean-up (issue 24). After each turn the
   * runner stores the files `find` lists in PostgreSQL; before a resume on a
   * runner whose copy is missing or older, it writes them back where
   * `restoreAs` says (server/session-state/). Undefined: the agent's state
   * cannot be moved, and a turn on another machine falls back to Arbor's
   * transcript.
   */
  sessionState?: SessionStateSupport;
  /** Pure: the argv for a request, or why it cannot be launched. */
  buildLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult;
  /** Never throws; a `truncated` line was cut by the line splitter. */
  parseLine(line: string, options?: { truncated?: boolean }): ParsedLine;
  classifyStderr(text: string): StderrSignals;
  /** Never throws: maps one stored event to what the UI shows. */
  normalize(event: AgentEvent): LogEntry[];

  // Optional parts. Each default is what Claude Code needs, so an agent only
  // states where it differs.

  /** How sessions are kept; default "by-id" when it has session capabilities, else "none". */
  sessionStrategy?: SessionStrategy;
  /**
   * The help invocations the probe runs, each the argv after the binary
   * (default [["--help"]]). The first one's options are CliCapabilities.flags;
   * each is also kept under its subcommand path (its args before "--help"),
   * for CLIs whose options live on subcommands (Codex: `exec`, `exec resume`).
   */
  helpCommands?: ReadonlyArray<readonly string[]>;
  /** Where the CLI keeps sessions and settings, and how Arbor isolates it. Absent: the inherited environment decides. */
  home?: AgentHome;
  /**
   * What a result's usage counts: "per-run" (default), or "session-total"
   * when the CLI reports the session's running total (Codex, Qwen, Copilot):
   * a turn's own usage is then this total minus the total recorded for the
   * execution it continued or forked from (see turnUsage).
   */
  usageReporting?: "per-run" | "session-total";
  /**
   * Whether a finished run ends with a final event (a `result` signal);
   * default true, and then a run without one was interrupted whatever its
   * exit code. false (plain text output): the exit code decides.
   */
  reportsResult?: boolean;
  /**
   * A parser for one run, for streams whose lines only mean something
   * together (opencode sums step usage; Copilot prints a result after an
   * abort). Default: parseLine for every line. parseLine still reads single
   * stored lines.
   */
  createLineParser?(): LineParser;
  /** Reads the usage file a plan asked the CLI to write (LaunchPlan.usageFile); null when unreadable. */
  readUsageFile?(text: string): UsageSignal | null;
  /**
   * Finds the transcript file of a session in the agent's home, for a fork by
   * import (Gemini `--session-file`); null when there is none. planLaunch
   * passes the result as LaunchContext.forkSourceFile.
   */
  locateSession?(sessionId: string, context: { homeDir: string | null; cwd?: string }): Promise<string | null>;
  /** What this driver was checked against (shown by `arbor agents`); absent: nothing to check (a plain command). */
  verification?: AgentVerification;
  /**
   * A long-lived mode where one process serves turn after turn, each user
   * message a stdin line (Claude: --input-format stream-json). Absent: every
   * turn is a process of its own.
   */
  streamInput?: StreamInputProtocol;
  /**
   * How the agent honours Arbor's permission policy. Absent: it honours none
   * (only runs without a policy; a run asking for one is refused up front).
   */
  permissions?: AgentPermissions;
  /**
   * Its driver attaches Arbor's MCP server (LaunchRequest.mcp) to a run, so the
   * runner mints that run a token. Absent: runs get no MCP server.
   */
  attachesMcp?: boolean;
  /**
   * How the person picks the model for a run (issue 26: `--model`, `-m`):
   * the CLI option buildLaunch passes LaunchRequest.model with. Absent: the
   * agent takes no model from Arbor, and a run naming one is refused up front.
   * When the CLI's --help lists the option's choices, a model outside them is
   * refused before anything is queued (server/executions/check-run-model.ts).
   */
  model?: { flag: string };
}

export type LineParser = (line: string, options?: { truncated?: boolean }) => ParsedLine;

/** An isolated config home: where the CLI's sessions and settings go instead of ~. */
export interface AgentHome {
  /**
   * "agent": one home for all of the agent's sessions (they can be resumed
   * from any run); "session": one per Arbor session (strategy B).
   */
  scope: "agent" | "session";
  /** The environment that points the CLI at `dir` (CODEX_HOME, GEMINI_CLI_HOME, XDG_* …). */
  env(dir: string): Record<string, string>;
  /** JSON settings Arbor needs in the home, merged into whatever is there (a person's own settings survive). */
  settings?(dir: string, env: Readonly<Record<string, string | undefined>>): Array<{ path: string; merge: Record<string, unknown> }>;
}
