import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LogEntry } from "@/lib/executions/log-entries";
import { planLaunch } from "@/server/agents/plan-launch";
import { getAgentDefinition } from "@/server/agents/registry";
import { SessionTracker } from "@/server/agents/session-tracker";
import { settleRun, type SettledRun } from "@/server/agents/session-report";
import type { LaunchPlan, LaunchRequest, ParsedLine, UsageSignal } from "@/server/agents/types";
import { mergeEnv, spawnAgentProcess, type AgentExit, type AgentProcess } from "@/server/runner/agent-io/agent-process";
import { claudeTestEnv, type MessagesApi } from "@/test/support/messages-api";

// Runs an agent the way the runner will: plan the launch (registry, binary,
// isolated home, probe, argv), spawn it (stdin fed and closed when the plan
// says so), parse every stdout line with the run's parser and fold the
// signals, then apply the end-of-run rules (usage file, a Continue that came
// back in another session, no final event = interrupted).

export const CLAUDE_BIN = process.env.CLAUDE_BIN ?? path.resolve(__dirname, "../../../../node_modules/.bin/claude");

export interface Sandbox {
  /** A fresh workspace directory (realpath: CLIs report resolved paths). */
  cwd: string;
  /** Claude's isolated config dir: sessions and transcripts live here. */
  configDir: string;
  /** Root of the other agents' isolated homes (planLaunch's homeRoot). */
  homeRoot: string;
  env: Record<string, string | undefined>;
  /** Where Claude keeps the transcript of `sessionId` started in `cwd`. */
  transcriptPath(sessionId: string, cwd?: string): string;
  newWorkspace(): string;
  cleanup(): void;
}

/** A sandbox for any agent; `env` is the agent's stand-in settings (see agent-envs.ts). */
export function createAgentSandbox(env: (sandbox: { root: string; homeRoot: string }) => Record<string, string | undefined>): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agents-")));
  const configDir = path.join(root, "claude-config");
  const homeRoot = path.join(root, "agent-homes");
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
    homeRoot,
    env: env({ root, homeRoot }),
    transcriptPath: (sessionId, dir = cwd) => path.join(configDir, "projects", dir.replace(/[^a-zA-Z0-9]/g, "-"), `${sessionId}.jsonl`),
    newWorkspace,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** Claude Code's sandbox (its config dir is the sandbox's own). */
export function createSandbox(api: MessagesApi): Sandbox {
  return createAgentSandbox(({ root }) => ({ ...claudeTestEnv(api, path.join(root, "claude-config")), CLAUDE_BIN }));
}

export interface AgentRun {
  plan: LaunchPlan;
  exit: AgentExit;
  lines: ParsedLine[];
  stderr: string;
  outcome: SettledRun & {
    /** The agent prints a final event and this run printed none (SettledRun.noFinalEvent). */
    interrupted: boolean;
    /** Every session id the stream announced, in order. */
    announced: string[];
    /** The usage file's figures (Copilot), when the plan asked for one. */
    usageFile: UsageSignal | null;
  };
  entries: LogEntry[];
}

export async function planFor(
  agentId: string,
  request: LaunchRequest,
  env: Record<string, string | undefined>,
  extra: { cwd?: string; homeRoot?: string } = {},
) {
  return planLaunch(agentId, request, { env: mergeEnv(process.env, env), ...extra });
}

/** Plans and runs to completion; throws if the launch cannot be planned (tests of that call planFor). */
export async function runAgent(
  agentId: string,
  request: LaunchRequest,
  options: {
    cwd: string;
    env: Record<string, string | undefined>;
    homeRoot?: string;
    onStart?: (agent: AgentProcess) => void;
    /** Runs a changed argv instead: for tests of what the CLI does with what Arbor's builder refuses to send. */
    rewriteArgv?: (argv: string[]) => string[];
  },
): Promise<AgentRun> {
  const planned = await planFor(agentId, request, options.env, { cwd: options.cwd, homeRoot: options.homeRoot });
  if (!planned.ok) throw new Error(`launch not possible: ${planned.code}: ${planned.message}`);
  const plan = options.rewriteArgv ? { ...planned, argv: options.rewriteArgv(planned.argv) } : planned;
  const agent = getAgentDefinition(agentId)!;
  const child = spawnAgentProcess({ argv: plan.argv, cwd: options.cwd, env: { ...options.env, ...plan.env }, stdin: plan.stdin });
  const parse = agent.createLineParser?.() ?? agent.parseLine;
  const tracker = new SessionTracker();
  const lines: ParsedLine[] = [];
  const announced: string[] = [];
  let stderr = "";
  child.onStdoutLine((line) => {
    const parsed = parse(line.text, { truncated: line.truncated });
    lines.push(parsed);
    if (parsed.signals.sessionId && !announced.includes(parsed.signals.sessionId)) announced.push(parsed.signals.sessionId);
    tracker.observeLine(parsed.signals);
  });
  child.onStderr((text) => {
    stderr += text;
  });
  options.onStart?.(child);
  const exit = await child.wait();
  tracker.observeStderr(agent.classifyStderr(stderr));
  let usageFile: UsageSignal | null = null;
  if (plan.usageFile && agent.readUsageFile && fs.existsSync(plan.usageFile)) usageFile = agent.readUsageFile(fs.readFileSync(plan.usageFile, "utf8"));
  const settled = settleRun({
    agent,
    mode: request.mode,
    arborSessionId: plan.arborSessionId,
    outcome: tracker.outcome(),
    announced,
    cleanExit: exit.ok && exit.exitCode === 0,
    fileUsage: usageFile,
    previousTotal: null,
  });
  return {
    plan,
    exit,
    lines,
    stderr,
    outcome: { ...settled, interrupted: settled.noFinalEvent, announced, usageFile },
    entries: lines.flatMap((l) => agent.normalize(l.event)),
  };
}

/** Polls until `condition` holds. */
export async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
