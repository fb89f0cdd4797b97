import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { AgentDefinition, CliCapabilities, LaunchFailure, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { agentHomeDir, defaultHomeRoot, locateAgentBinary } from "@/server/agents/agent-setup";
import { probeCli } from "@/server/agents/cli-probe";
import { cliProbeCacheDir } from "@/server/agents/cli-probe-cache";
import { invalidLaunch, misconfigured } from "@/server/agents/launch-args";
import { prepareAgentHome } from "@/server/agents/prepare-agent-home";
import { getRegisteredAgent, launchableMode, type RegisteredAgent } from "@/server/agents/registry";
import { inheritedEnv } from "@/server/config/load-config";

// The impure half of launching: find the agent (built-in or from the agents
// file) and its binary, make its isolated home ready, probe the CLI (cached),
// locate what a fork imports, then let the agent's pure builder produce the
// argv, asking it only for what it can take (a mode as this agent can be
// asked for it, streaming input only where it reads any). Every expected
// failure (unknown agent, missing binary, unsupported flag) comes back as
// data. The runner resolves the runtime once per launch (for its resume
// decision too) and hands it in, so the agent is looked up once.

type Env = Readonly<Record<string, string | undefined>>;

/** The installed CLI a launch would use. */
export type AgentRuntime = {
  agent: AgentDefinition;
  registered: RegisteredAgent;
  /** As configured and found (argv[0]). */
  binaryPath: string;
  /** With every symlink resolved: the runtime fingerprint's path (another build of the CLI has another one). */
  realPath: string;
  /** Null for agents launched without probing their CLI. */
  capabilities: CliCapabilities | null;
};

export type RuntimeResult = { ok: true; runtime: AgentRuntime } | LaunchFailure;

export interface PlanLaunchOptions {
  env?: Env;
  /** The run's working directory (some CLIs take it as an option, and sessions may be bound to it). */
  cwd?: string;
  /**
   * Where agents' isolated homes live: <homeRoot>/<agent id> (or
   * <homeRoot>/<agent id>/sessions/<session> for strategy B). Default
   * $ARBOR_DATA_DIR/agent-homes.
   */
  homeRoot?: string;
  /** One resolved already (the runner resolves it once per launch, for the resume decision too). */
  runtime?: AgentRuntime;
}

type Home = { dir: string; env: Record<string, string>; launchEnv: Env } | null;

/** The agent's home for `request` (made ready), and the environment its CLI runs with. */
async function readyHome(
  registered: RegisteredAgent,
  mode: LaunchRequest["mode"] | null,
  env: Env,
  homeRoot: string | undefined,
): Promise<{ ok: true; home: Home; launchEnv: Env } | LaunchFailure> {
  const { definition: agent, override } = registered;
  const home = agentHomeDir(registered, mode, homeRoot ?? defaultHomeRoot(env));
  if (home && "error" in home) return invalidLaunch(home.error);
  const homeEnv = home ? agent.home!.env(home.dir) : {};
  const launchEnv: Env = { ...env, ...homeEnv, ...(override?.env ?? {}) };
  if (home) {
    const prepared = await prepareAgentHome(home.dir, agent.home!.settings?.(home.dir, launchEnv) ?? []);
    if (!prepared.ok) return misconfigured(`${agent.displayName}: ${prepared.message}`);
  }
  return { ok: true, home: home ? { dir: home.dir, env: homeEnv, launchEnv } : null, launchEnv };
}

/** Finds and probes the agent's CLI (in its home, so even `--help` leaves ~ alone), without launching anything. */
export async function resolveAgentRuntime(agentId: string, options: { env?: Env; homeRoot?: string } = {}): Promise<RuntimeResult> {
  const env = options.env ?? inheritedEnv();
  const registered = getRegisteredAgent(agentId);
  if (!registered) return { ok: false, code: "agent_not_found", message: `Unknown agent "${agentId}"` };
  const agent = registered.definition;

  const binary = await locateAgentBinary(registered, env);
  if (!binary.ok) return { ok: false, code: "agent_not_found", message: binary.message };
  const realPath = await fs.realpath(binary.path).catch(() => binary.path);

  let capabilities = null;
  if (agent.probesCli) {
    const ready = await readyHome(registered, null, env, options.homeRoot);
    if (!ready.ok) return ready;
    const probe = await probeCli(binary.path, { env: ready.launchEnv, helpCommands: agent.helpCommands, cacheDir: cliProbeCacheDir(env) });
    if (!probe.ok) return { ok: false, code: "agent_unsupported", message: `${agent.displayName}: ${probe.message}` };
    capabilities = probe.capabilities;
  }
  return { ok: true, runtime: { agent, registered, binaryPath: binary.path, realPath, capabilities } };
}

export async function planLaunch(agentId: string, asked: LaunchRequest, options: PlanLaunchOptions = {}): Promise<LaunchResult> {
  const env = options.env ?? inheritedEnv();
  let runtime = options.runtime;
  if (!runtime) {
    const resolved = await resolveAgentRuntime(agentId, { env, homeRoot: options.homeRoot });
    if (!resolved.ok) return resolved;
    runtime = resolved.runtime;
  }
  const { agent, registered } = runtime;
  const override = registered.override;
  const { streamInput, ...rest } = asked;
  const request: LaunchRequest = { ...rest, mode: launchableMode(agent, asked.mode), ...(streamInput && agent.streamInput ? { streamInput } : {}) };
  // A per-session home (strategy B) depends on the request's session.
  const ready = await readyHome(registered, request.mode, env, options.homeRoot);
  if (!ready.ok) return ready;
  const home = ready.home;

  const forkSourceFile =
    request.mode.kind === "fork" && agent.locateSession
      ? await agent.locateSession(request.mode.fromSessionId, { homeDir: home?.dir ?? null, cwd: options.cwd })
      : undefined;

  const filesDir = path.join(options.homeRoot ?? defaultHomeRoot(env), agent.id, "arbor-files");
  const plan = agent.buildLaunch(request, {
    binaryPath: runtime.binaryPath,
    capabilities: runtime.capabilities,
    env: ready.launchEnv,
    cwd: options.cwd,
    homeDir: home?.dir ?? null,
    extraArgs: override?.args ?? [],
    forkSourceFile,
    runId: randomUUID(),
    filesDir,
  });
  if (!plan.ok) return plan;
  const written = await writePlanFiles(plan.files ?? [], filesDir);
  if (!written.ok) return misconfigured(`${agent.displayName}: ${written.message}`);
  // Arbor's home first, the driver's needs next, the operator's word last.
  return { ...plan, env: { ...(home?.env ?? {}), ...plan.env, ...(override?.env ?? {}) } };
}

/**
 * Writes the files a plan names (Gemini's policy file), each inside
 * `filesDir`. Their names come from their content, so concurrent launches
 * write the same bytes; a rename makes each write whole.
 */
async function writePlanFiles(
  files: ReadonlyArray<{ path: string; content: string }>,
  filesDir: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  for (const file of files) {
    if (path.dirname(path.resolve(file.path)) !== path.resolve(filesDir))
      return { ok: false, message: `the launch names a file outside Arbor's directory for it: ${file.path}` };
    try {
      await fs.mkdir(filesDir, { recursive: true });
      const current = await fs.readFile(file.path, "utf8").catch(() => null);
      if (current === file.content) continue;
      const temporary = `${file.path}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, file.content, { mode: 0o600 });
      await fs.rename(temporary, file.path);
    } catch (error) {
      return { ok: false, message: `could not write ${file.path}: ${(error as Error).message}` };
    }
  }
  return { ok: true };
}
