import { readFile, rm } from "node:fs/promises";
import { planLaunch, type AgentRuntime } from "@/server/agents/plan-launch";
import { getAgentDefinition, launchableMode } from "@/server/agents/registry";
import type { AgentDefinition, LaunchFailureCode, LaunchMode, LineSignals, StderrSignals, StreamInputProtocol, UsageSignal } from "@/server/agents/types";
import { spawnAgentProcess, type AgentExit } from "@/server/runner/agent-process";
import { readProcessIdentity, type ProcessIdentity } from "@/server/runner/process-identity";
import { searchTextOf } from "@/server/search/search-text";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { LogEntry } from "@/lib/executions/log-entries";

// The runner's view of the agent layer: plan a launch for an execution, then
// run it and read it line by line through the agent's own parser.

/** One stdout line as the runner stores it: its event kind and JSON, its signals, what the log shows of it and what search finds. */
export type ReadLine = { kind: string; json: string; signals: LineSignals; entries: LogEntry[]; searchText: string | null };

export type PreparedLaunch =
  | {
      ok: true;
      agent: AgentDefinition;
      argv: string[];
      env: Record<string, string | undefined>;
      /** Written to the agent's stdin, which is then closed (opencode's prompt); absent: stdin closed from the start. */
      stdin?: string;
      /** A file the CLI writes its usage to (Copilot); read it with readUsageFile once the run ended. */
      usageFile?: string;
      /** Strategy B: Arbor's key for the session, recorded when the run ends cleanly. */
      arborSessionId?: string;
      /** How the permission policy reached the CLI where it differs from what was asked (LaunchPlan.permissionNotes): for the log. */
      permissionNotes: string[];
      /** The session id the agent was told to use, or null when it picks its own. */
      expectedSessionId: string | null;
      /**
       * One run's line reader (some agents' lines only mean something together).
       * `searchText`: what search should find in the line (server/search/search-text.ts), or null.
       */
      createLineReader: () => (line: string, truncated: boolean) => ReadLine;
      classifyStderr: (text: string) => StderrSignals;
      /** The usage file's figures, or null when the plan asked for none or it is unreadable. */
      readUsageFile: () => Promise<UsageSignal | null>;
      /** The process reads user messages from stdin (LaunchPlan.streamInput): send `prompt` as the first; it may serve later turns (server/runner/warm/). */
      streamInput: { prompt: string; protocol: StreamInputProtocol } | null;
    }
  | { ok: false; code: LaunchFailureCode; message: string };

/**
 * `runtime`: the CLI already resolved for this launch (see plan-turn.ts), else it is resolved here.
 * `cwd`: the directory the agent will run in (opencode takes it as --dir; sessions may be bound to it).
 * `streamInput`: ask for a process that can serve later turns too, where the agent and its CLI can (warm sessions).
 */
export async function prepareLaunch(
  agentId: string,
  mode: LaunchMode,
  prompt: string,
  env: NodeJS.ProcessEnv,
  options: { runtime?: AgentRuntime; cwd?: string; streamInput?: boolean; permissions?: EffectivePermissions; partialMessages?: boolean } = {},
): Promise<PreparedLaunch> {
  const agent = getAgentDefinition(agentId);
  if (!agent) return { ok: false, code: "agent_not_found", message: `Unknown agent "${agentId}"` };
  const streamInput = options.streamInput === true && agent.streamInput !== undefined;
  const plan = await planLaunch(
    agentId,
    {
      mode: launchableMode(agent, mode),
      prompt,
      ...(streamInput ? { streamInput } : {}),
      ...(options.permissions ? { permissions: options.permissions } : {}),
      ...(options.partialMessages ? { partialMessages: true } : {}),
    },
    { env, runtime: options.runtime, cwd: options.cwd },
  );
  if (!plan.ok) return { ok: false, code: plan.code, message: plan.message };
  return {
    ok: true,
    agent,
    argv: plan.argv,
    env: plan.env,
    stdin: plan.stdin,
    usageFile: plan.usageFile,
    arborSessionId: plan.arborSessionId,
    permissionNotes: plan.permissionNotes ?? [],
    expectedSessionId: plan.expectedSessionId,
    ...lineReaderOf(agent),
    streamInput: plan.streamInput && agent.streamInput ? { prompt: plan.streamInput.prompt, protocol: agent.streamInput } : null,
    readUsageFile: async () => {
      if (!plan.usageFile || !agent.readUsageFile) return null;
      const text = await readFile(plan.usageFile, "utf8").catch(() => null);
      // The file is the run's own: it has done its job once read.
      await rm(plan.usageFile, { force: true }).catch(() => {});
      return text === null ? null : agent.readUsageFile(text);
    },
  };
}

/** How the runner reads an agent's output: each stdout line through its parser (with search text), stderr through its classifier. */
export function lineReaderOf(agent: AgentDefinition): Pick<Extract<PreparedLaunch, { ok: true }>, "createLineReader" | "classifyStderr"> {
  return {
    createLineReader: () => {
      const parse = agent.createLineParser?.() ?? agent.parseLine;
      return (line, truncated) => {
        const parsed = parse(line, { truncated });
        const entries = safeNormalize(() => agent.normalize(parsed.event));
        return {
          kind: parsed.event.kind,
          json: JSON.stringify(parsed.event.payload ?? null),
          signals: parsed.signals,
          entries,
          searchText: safeSearchText(() => searchTextOf(entries)),
        };
      };
    },
    classifyStderr: (text) => agent.classifyStderr(text),
  };
}

export type SpawnedAgent = {
  pid: number | undefined;
  /** Read right after the spawn (null when it never started): pid, process group, start time. */
  identity: ProcessIdentity | null;
  onStdoutLine(handler: (line: string, truncated: boolean) => void | Promise<void>): void;
  onStderr(handler: (text: string) => void): void;
  wait(): Promise<AgentExit>;
  terminate(graceMs: number): Promise<void>;
};

export function spawnAgent(options: {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  baseEnv: NodeJS.ProcessEnv;
  stdin?: string;
}): SpawnedAgent {
  const child = spawnAgentProcess({ argv: options.argv, cwd: options.cwd, env: options.env, baseEnv: options.baseEnv, stdin: options.stdin });
  return {
    pid: child.pid,
    // spawn() returns once the child has exec'd (or failed to), so its group
    // is already its own; a process that exited at once is still a zombie here.
    identity: child.pid === undefined ? null : readProcessIdentity(child.pid),
    onStdoutLine: (handler) => child.onStdoutLine((line) => handler(line.text, line.truncated)),
    onStderr: (handler) => child.onStderr(handler),
    wait: () => child.wait(),
    terminate: async (graceMs) => {
      await child.terminate(graceMs);
    },
  };
}

/** Normalizers never throw by contract; a broken one must still not stop the turn's output being stored. */
function safeNormalize(normalize: () => LogEntry[]): LogEntry[] {
  try {
    return normalize();
  } catch {
    return [];
  }
}

/** Search text is a nicety: a line the normalizer chokes on is still stored, just not searchable. */
function safeSearchText(extract: () => string | null): string | null {
  try {
    return extract();
  } catch {
    return null;
  }
}
