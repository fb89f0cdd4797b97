import type { ExecutionErrorCode } from "@/lib/executions/types";
import type { EffectivePermissions } from "@/lib/permissions/schema";

// A launch, as an agent's pure builder (AgentDefinition.buildLaunch) sees it:
// the request, what the probe found of the CLI, and the plan or why not.

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
  /**
   * Arbor's MCP server `arbor` for this run (server/mcp/): where it answers and
   * the run's token. The driver attaches it without touching the person's own
   * config, the token never in argv (a file of Arbor's, or the environment),
   * and lets Arbor's tools run without asking (ARBOR_MCP_TOOLS). Absent: none.
   */
  mcp?: McpAttachment;
  /**
   * The model the person chose for this run (issue 26), passed with the
   * agent's model option (AgentDefinition.model). Absent: the CLI's default.
   * A CLI whose --help lacks that option cannot honour it: fail the launch.
   */
  model?: string;
}

export type McpAttachment = { url: string; token: string };

/**
 * Arbor's MCP tools. Drivers let all of them run without asking: they read
 * Arbor's own records or add to them (a citation, an issue) only within the
 * run's issue and project, and everything they do is shown to the person.
 * A deny rule of the run's policy still refuses one (mcp__arbor__create_issue).
 */
export const ARBOR_MCP_TOOLS = ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite", "create_issue"] as const;

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
