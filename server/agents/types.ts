import type { ExecutionErrorCode } from "@/lib/executions/types";
import type { LogEntry } from "@/lib/executions/log-entries";
import type { AgentVerification, SessionCapability, SessionStrategy } from "@/lib/agents/schema";
import type { ToolCallSubject } from "@/lib/permissions/rules";
import type { EffectivePermissions, PermissionMode } from "@/lib/permissions/schema";

// SessionCapability and SessionStrategy are shared with the UI (lib/agents/schema.ts).
export type { AgentVerification, SessionCapability, SessionStrategy };

// The contract every agent CLI integration fulfils. An agent is data plus a
// few pure functions: how to find its binary, what it can do with sessions,
// how to build a launch argv, how to read its stdout lines and how to show
// its stored events. Spawning and storing are someone else's job.

/** How a run relates to existing sessions. */
export type LaunchMode =
  | { kind: "new" /** The id to give the new session, if the agent can be told. */; sessionId?: string }
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
  /**
   * Ask for a process that reads user messages from stdin (the agent's
   * streamInput protocol) instead of the prompt in argv, so it can serve
   * later turns too (warm sessions, server/runner/warm/). An agent or CLI
   * that cannot gives a normal plan (no `streamInput` in it).
   */
  streamInput?: boolean;
  /**
   * What the agent may do alone in this turn (lib/permissions/schema.ts),
   * already merged from the run, its project and the rules people added while
   * deciding approvals. The driver maps it to its CLI's flags; a mode it
   * cannot honour is refused before the run is queued (AgentDefinition.permissions),
   * so reaching buildLaunch with one is a bug: fail the launch, never widen it.
   * Absent: the driver's own default (as before permission policies).
   */
  permissions?: EffectivePermissions;
  /**
   * Stream the assistant's text as it is written, where the CLI can (Claude:
   * --include-partial-messages, with streamInput): its lines parse as
   * `text_draft` events (LogEntry text_draft) and transient ones.
   */
  partialMessages?: boolean;
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
  /**
   * Options of each subcommand the agent's `helpCommands` asked about, keyed
   * by the subcommand path ("exec", "exec resume"). A subcommand whose help
   * failed is absent. `flags`/`choices` above are those of the first help.
   */
  commands?: ReadonlyMap<string, { flags: ReadonlySet<string>; choices: ReadonlyMap<string, readonly string[]> }>;
}

export interface LaunchContext {
  /** Absolute path of the resolved binary; becomes argv[0]. */
  binaryPath: string;
  /** Null for agents that are launched without probing their CLI. */
  capabilities: CliCapabilities | null;
  /** Environment the launch is planned for (agent settings come from here). */
  env: Readonly<Record<string, string | undefined>>;
  /** The working directory the run will have (some CLIs need it as a flag too: opencode --dir). */
  cwd?: string;
  /**
   * The agent's isolated config home for this launch (see AgentDefinition.home),
   * which `env` already points the CLI at; null or absent: the CLI uses
   * whatever the inherited environment says (~, or e.g. CLAUDE_CONFIG_DIR).
   */
  homeDir?: string | null;
  /** Extra options from the agents file (`args` of a built-in's override), placed among the agent's own options. */
  extraArgs?: readonly string[];
  /** For a fork by import (Gemini): the located transcript file of the session forked from. */
  forkSourceFile?: string | null;
  /** A fresh id for this launch, for files the run writes (Copilot's usage file). */
  runId?: string;
  /**
   * A directory of Arbor's own for files a launch reads (LaunchPlan.files):
   * <agent homes>/<agent>/arbor-files, also when the agent's home is inherited.
   */
  filesDir?: string;
}

/** Why a launch could not be planned: members of EXECUTION_ERROR_CODES (lib/executions/types.ts), where each is described. */
export type LaunchFailureCode = Extract<
  ExecutionErrorCode,
  "agent_not_found" | "agent_unsupported" | "agent_misconfigured" | "invalid_launch" | "session_not_found"
>;

export type LaunchPlan = {
  ok: true;
  /** argv[0] is the binary; every value is its own element (no shell). */
  argv: string[];
  /** Variables to add to (string) or remove from (undefined) the inherited environment. */
  env: Record<string, string | undefined>;
  /** The session id the run should report at start, when Arbor chose it. */
  expectedSessionId: string | null;
  /**
   * Text to write to the child's stdin, which is then closed (opencode reads
   * its prompt there). Absent: stdin is closed from the start.
   */
  stdin?: string;
  /**
   * The argv reads user messages from stdin (AgentDefinition.streamInput);
   * the prompt is not in it: send it as the first message. Only when the
   * request asked for it and the CLI can.
   */
  streamInput?: { prompt: string };
  /** A file the CLI writes its usage to; read it after the exit with AgentDefinition.readUsageFile (Copilot). */
  usageFile?: string;
  /**
   * Strategy B (continue-latest in an isolated home): the session is Arbor's
   * own key, named by no stream. Record it when the run ends cleanly
   * (exit 0, or a success result); never from a failed first run.
   */
  arborSessionId?: string;
  /**
   * Files the argv names, written by planLaunch before the plan is returned
   * (Gemini CLI's per-run policy file); each path is inside LaunchContext.filesDir.
   */
  files?: Array<{ path: string; content: string }>;
  /**
   * How the permission policy reached the CLI where it differs from what was
   * asked: allow rules the CLI cannot express (dropped, never widened), deny
   * rules enforced more broadly than written. For the execution's log.
   */
  permissionNotes?: string[];
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
}

/** What an agent's driver can do with a permission policy (LaunchRequest.permissions). */
export interface AgentPermissions {
  /** The modes it can honour; a run asking for another is refused before it is queued (4xx naming both). */
  modes: readonly PermissionMode[];
  /** The mode of a run whose run and project set none. */
  defaultMode: PermissionMode;
  /** Whether allow/deny rules reach the CLI ("mapped": translated to its own flags or config) or are refused. */
  rules: "native" | "mapped" | "none";
  /**
   * A live approval channel on the process's stdin/stdout: the CLI asks before
   * a tool call and waits for the answer (Claude Code: --permission-prompt-tool
   * stdio). Needs the process's stdin open (a streamInput launch).
   */
  approvals?: ApprovalProtocol;
  /** One or two sentences on how the policy reaches the CLI (shown by `arbor agents` and in docs). */
  note: string;
  /** The CLI refuses "trusted" when run as root unless told the machine is a sandbox (Claude Code: IS_SANDBOX=1). */
  refusesTrustedAsRoot?: boolean;
}

/** One request for a person's decision, as the agent's stream put it. */
export interface ApprovalSignal {
  /** The agent's id for the request: the answer names it. */
  requestId: string;
  /** "tool": may it run this; "question": it asks the person (AskUserQuestion); "plan": it proposes a plan (ExitPlanMode). */
  kind: "tool" | "question" | "plan";
  toolName: string;
  /** The tool's input as the agent sent it (inert data: shown as text, never as HTML). */
  input: unknown;
  /** The tool call it is about, when the agent names it (its tool_use id). */
  toolUseId: string | null;
  /** Rules the agent suggests to remember the decision by, in Arbor's rule syntax (lib/permissions/rules.ts). */
  suggestedRules: string[];
  /** Why the agent asks ("This command requires approval"), when it says. */
  reason: string | null;
  /**
   * The call in Arbor's rule vocabulary ({ tool: "Bash", argument: "npm test" }),
   * for matching session and project rules, when the agent's tool names are
   * not Claude Code's (Qwen Code: run_shell_command). Absent: toolName and its input.
   */
  subject?: ToolCallSubject;
}

export type ApprovalAnswer =
  | {
      behavior: "allow";
      /** The tool input to run with (the agent's own, or with the person's answers added for a question). */
      updatedInput: unknown;
      /** Rules the running process should remember for the rest of its life (scope session/project). */
      rememberRules?: string[];
      /** A plan was approved: the mode the rest of the turn runs in. */
      switchToMode?: PermissionMode;
    }
  | { behavior: "deny"; message: string };

/** Pure: reads approval requests from stdout lines and writes answers for stdin. */
export interface ApprovalProtocol {
  /** Called on every stdout line: must be cheap for lines that are not requests. */
  parse(line: string): ApprovalSignal | null;
  /** The stdin line (with its newline) that answers the request. */
  answer(request: ApprovalSignal, answer: ApprovalAnswer): string;
  /**
   * The stdin line (with its newline) that opens the channel, written before
   * the first user message (Qwen Code asks nothing without it: the tool call
   * just waits). Absent: none is needed.
   */
  initialize?(requestId: string): string;
  /**
   * How long the CLI waits for an answer before it refuses the tool itself
   * (Qwen Code: 600 000 ms at most): a later decision cannot reach it, so the
   * approval expires then. Absent: it waits as long as the process lives.
   */
  maxWaitMs?: number;
}

/**
 * Talking to a process launched with LaunchPlan.streamInput. Pure; `classify`
 * runs on every stdout line, so it must be cheap for lines that matter to
 * nobody here.
 */
export interface StreamInputProtocol {
  /** The stdin line (with its newline) that delivers one user message; `uuid` names it in the agent's lifecycle lines. */
  userMessage(prompt: string, uuid: string): string;
  /** The stdin line (with its newline) that interrupts the running turn and keeps the process (Cancel). */
  interrupt(requestId: string): string;
  /** What one stdout line means to the turn bookkeeping, or null for most lines. */
  classify(line: string): StreamInputSignal | null;
  /**
   * The process was verified to serve later user messages as later turns of
   * its session (Claude Code), so warm sessions may keep it. Absent: it serves
   * its one turn and is closed (Qwen Code's ask runs).
   */
  reusable?: boolean;
}

export type StreamInputSignal = {
  /** The agent started working on the user message with this uuid (while another turn runs: folded into it). */
  started?: string;
  /** The agent is done with the user message with this uuid, however it went (the line after its turn's result). */
  completed?: string;
  /** The line starts a turn and names the session. */
  sessionId?: string;
  /** The line is a turn's result; `totalCostUsd`: the process's running total, when it reports one. */
  turnEnded?: { totalCostUsd: number | null };
};

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
