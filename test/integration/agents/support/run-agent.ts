import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LogEntry } from "@/lib/executions/log-entries";
import { planLaunch } from "@/server/agents/plan-launch";
import { getAgentDefinition } from "@/server/agents/registry";
import { SessionTracker, type SessionOutcome } from "@/server/agents/session-tracker";
import type { LaunchPlan, LaunchRequest, ParsedLine } from "@/server/agents/types";
import { mergeEnv, spawnAgentProcess, type AgentExit, type AgentProcess } from "@/server/runner/agent-process";
import { claudeTestEnv, type MessagesApi } from "@/test/support/messages-api";

// Runs an agent the way the runner will: plan the launch (resolve, probe,
// build argv), spawn it, parse every stdout line and fold the signals.

export const CLAUDE_BIN = process.env.CLAUDE_BIN ?? path.resolve(__dirname, "../../../../node_modules/.bin/claude");

export interface Sandbox {
  /** A fresh workspace directory (realpath: Claude reports resolved paths). */
  cwd: string;
  /** Claude's isolated config dir: sessions and transcripts live here. */
  configDir: string;
  env: Record<string, string | undefined>;
  /** Where Claude keeps the transcript of `sessionId` started in `cwd`. */
  transcriptPath(sessionId: string, cwd?: string): string;
  newWorkspace(): string;
  cleanup(): void;
}

export function createSandbox(api: MessagesApi): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agents-")));
  const configDir = path.join(root, "claude-config");
  fs.mkdirSync(configDir);
  let workspaces = 0;
  const newWorkspace = () => {
    const dir = path.join(root, `workspace-${++workspaces}`);
    fs.mkdirSync(dir);
    return dir;
  };
  const cwd = newWorkspace();
  return {
    cwd,
    configDir,
    env: { ...claudeTestEnv(api, configDir), CLAUDE_BIN },
    transcriptPath: (sessionId, dir = cwd) => path.join(configDir, "projects", dir.replace(/[^a-zA-Z0-9]/g, "-"), `${sessionId}.jsonl`),
    newWorkspace,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

export interface AgentRun {
  plan: LaunchPlan;
  exit: AgentExit;
  lines: ParsedLine[];
  stderr: string;
  outcome: SessionOutcome;
  entries: LogEntry[];
}

export async function planFor(agentId: string, request: LaunchRequest, env: Record<string, string | undefined>) {
  return planLaunch(agentId, request, { env: mergeEnv(process.env, env) });
}

/** Plans and runs to completion; throws if the launch cannot be planned (tests of that call planFor). */
export async function runAgent(
  agentId: string,
  request: LaunchRequest,
  options: { cwd: string; env: Record<string, string | undefined>; onStart?: (agent: AgentProcess) => void },
): Promise<AgentRun> {
  const plan = await planFor(agentId, request, options.env);
  if (!plan.ok) throw new Error(`launch not possible: ${plan.code}: ${plan.message}`);
  const agent = getAgentDefinition(agentId)!;
  const child = spawnAgentProcess({ argv: plan.argv, cwd: options.cwd, env: { ...options.env, ...plan.env } });
  const tracker = new SessionTracker();
  const lines: ParsedLine[] = [];
  let stderr = "";
  child.onStdoutLine((line) => {
    const parsed = agent.parseLine(line.text, { truncated: line.truncated });
    lines.push(parsed);
    tracker.observeLine(parsed.signals);
  });
  child.onStderr((text) => {
    stderr += text;
  });
  options.onStart?.(child);
  const exit = await child.wait();
  tracker.observeStderr(agent.classifyStderr(stderr));
  return { plan, exit, lines, stderr, outcome: tracker.outcome(), entries: lines.flatMap((l) => agent.normalize(l.event)) };
}
