import { readFile, rm } from "node:fs/promises";
import type { LogEntry } from "@/lib/executions/log-entries";
import type { AgentDefinition, LaunchPlan, LineSignals, StderrSignals, StreamInputProtocol, UsageSignal } from "@/server/agents/types";
import type { AgentExit } from "@/server/runner/agent-io/agent-process";
import type { ProcessIdentity } from "@/server/runner/agent-io/process-identity";
import { searchTextOf } from "@/server/search/search-text";

// The runner's view of the agent layer: the agent's plan for a launch (made
// by server/agents/plan-launch.ts) with the agent's own parser to read its
// output line by line, and what a started agent process looks like.

/** One stdout line as the runner stores it: its event kind and JSON, its signals, what the log shows of it and what search finds. */
export type ReadLine = { kind: string; json: string; signals: LineSignals; entries: LogEntry[]; searchText: string | null };

/** A launch as the runner runs it: the agent's plan (server/agents/plan-launch.ts), with how to read what the agent prints. */
export type PreparedLaunch = {
  agent: AgentDefinition;
  argv: string[];
  env: Record<string, string | undefined>;
  /** Written to the agent's stdin, which is then closed (opencode's prompt); absent: stdin closed from the start. */
  stdin?: string;
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
  /** The usage file's figures (Copilot), or null when the plan asked for none or it is unreadable. */
  readUsageFile: () => Promise<UsageSignal | null>;
  /** The process reads user messages from stdin (LaunchPlan.streamInput): send `prompt` as the first; it may serve later turns (server/runner/warm/). */
  streamInput: { prompt: string; protocol: StreamInputProtocol } | null;
};

/** The agent's plan for a launch, as the runner runs it. */
export function adaptLaunch(agent: AgentDefinition, plan: LaunchPlan): PreparedLaunch {
  return {
    agent,
    argv: plan.argv,
    env: plan.env,
    stdin: plan.stdin,
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
export function lineReaderOf(agent: AgentDefinition): Pick<PreparedLaunch, "createLineReader" | "classifyStderr"> {
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
