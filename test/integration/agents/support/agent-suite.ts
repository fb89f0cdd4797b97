import type { EffectivePermissions } from "@/lib/permissions/schema";
import { configureAgentRegistry } from "@/server/agents/registry";
import type { LaunchMode } from "@/server/agents/types";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";
import { createAgentSandbox, runAgent, waitFor, type AgentRun, type Sandbox } from "@/test/integration/agents/support/run-agent";

// One set-up for a file of tests that run one real agent CLI against one
// stand-in: a fresh stand-in and sandbox per test, `run` bound to them, and
// the checks every agent's file makes the same way.

type RunOptions = Partial<Parameters<typeof runAgent>[2]> & { permissions?: EffectivePermissions };

export interface AgentSuite<Api> {
  readonly api: Api;
  readonly sandbox: Sandbox;
  run(mode: LaunchMode, prompt: string, extra?: RunOptions): Promise<AgentRun>;
}

export function useAgentSuite<Api extends { close(): Promise<void> }>(
  agentId: string,
  startApi: () => Promise<Api>,
  env: (api: Api, sandbox: { root: string; homeRoot: string }) => Record<string, string | undefined>,
): AgentSuite<Api> {
  let api: Api;
  let sandbox: Sandbox;
  beforeEach(async () => {
    api = await startApi();
    sandbox = createAgentSandbox((dirs) => env(api, dirs));
  });
  afterEach(async () => {
    configureAgentRegistry(null);
    await api.close();
    sandbox.cleanup();
  });
  return {
    get api() {
      return api;
    },
    get sandbox() {
      return sandbox;
    },
    run: (mode, prompt, { permissions, ...extra } = {}) =>
      runAgent(
        agentId,
        { mode, prompt, ...(permissions ? { permissions } : {}) },
        { cwd: sandbox.cwd, env: sandbox.env, homeRoot: sandbox.homeRoot, ...extra },
      ),
  };
}

/** The run exited 0 with a successful final event; stderr lines matching `noise` are allowed. */
export function expectCompleted(result: AgentRun, noise?: RegExp): void {
  const stderr = noise ? result.stderr.split("\n").filter((line) => line !== "" && !noise.test(line)) : result.stderr.split("\n").filter(Boolean);
  expect({ exit: result.exit, stderr }).toEqual({ exit: { ok: true, exitCode: 0, signal: null }, stderr: [] });
  expect(result.outcome).toMatchObject({ interrupted: false, result: { isError: false } });
}

/**
 * Starts a run whose model never answers, cancels it once `started()` holds,
 * and checks that the whole process group is gone within 5 s and the run
 * counts as interrupted. `relaunches`: the CLI runs as a parent and a child
 * process (Gemini CLI, Qwen Code), both of which must go.
 */
export async function expectCancelStopsGroup(
  run: (extra: RunOptions) => Promise<AgentRun>,
  started: () => boolean,
  options: { relaunches?: boolean; startTimeoutMs?: number } = {},
): Promise<AgentRun> {
  let pid: number | undefined;
  let terminate: ((graceMs: number) => Promise<unknown>) | undefined;
  const running = run({
    onStart: (agent) => {
      pid = agent.pid;
      terminate = (graceMs) => agent.terminate(graceMs);
    },
  });
  await waitFor(started, options.startTimeoutMs ?? 30_000);
  if (options.relaunches) expect(liveGroupMembers(pid!).length).toBeGreaterThan(1);
  const began = Date.now();
  await terminate!(3_000);
  const result = await running;
  await waitFor(() => liveGroupMembers(pid!).length === 0, 5_000);
  expect(Date.now() - began).toBeLessThan(5_000);
  expect(result.outcome).toMatchObject({ interrupted: true, result: null });
  return result;
}
