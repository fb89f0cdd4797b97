import fs from "node:fs";
import path from "node:path";
import { getAgentDefinition } from "@/server/agents/registry";
import { sessionStateEnv } from "@/server/agents/session-state-env";
import { mergeEnv } from "@/server/runner/agent-io/agent-process";
import type { LaunchMode } from "@/server/agents/types";
import { planFor, runAgent, type AgentRun, type Sandbox } from "@/test/integration/agents/support/run-agent";

// "Another machine" for an agent's session state (issue 24): a second agent
// home root and a second workspace in the same sandbox. A session's files
// move the way the runner moves them: `find` under the first home's root,
// each file written at `restoreAs` under the second home's root.

export interface Machine {
  homeRoot: string;
  cwd: string;
}

/**
 * The root of the agent's session state on `machine`, from the environment
 * sessionStateEnv gives (what the runner hands sessionState.root), checked
 * against the environment a launch there really has.
 */
export async function stateRoot(agentId: string, sandbox: Sandbox, machine: Machine): Promise<string> {
  const plan = await planFor(agentId, { mode: { kind: "new" }, prompt: "x" }, sandbox.env, machine);
  if (!plan.ok) throw new Error(`launch not possible: ${plan.message}`);
  const state = getAgentDefinition(agentId)!.sessionState!;
  const root = state.root(sessionStateEnv(agentId, mergeEnv(process.env, sandbox.env), { homeRoot: machine.homeRoot }));
  expect(root).toBe(state.root(mergeEnv(process.env, { ...sandbox.env, ...plan.env })));
  if (!root) throw new Error("no session-state root");
  return root;
}

/** Copies the session's files from one machine to the other; returns the relative paths `find` gave. */
export async function moveSession(agentId: string, sandbox: Sandbox, sessionId: string, from: Machine, to: Machine): Promise<string[]> {
  const state = getAgentDefinition(agentId)!.sessionState!;
  const [rootFrom, rootTo] = [await stateRoot(agentId, sandbox, from), await stateRoot(agentId, sandbox, to)];
  const files = await state.find(rootFrom, { sessionId, cwd: from.cwd });
  for (const file of files) {
    const place = state.restoreAs(file, { sessionId, cwd: to.cwd });
    if (!place) throw new Error(`${agentId} refuses to restore ${file}`);
    const target = path.join(rootTo, place);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(rootFrom, file), target);
  }
  return files;
}

/** The first machine gone: its home and its workspace deleted. */
export function wipe(machine: Machine): void {
  fs.rmSync(machine.homeRoot, { recursive: true, force: true });
  fs.rmSync(machine.cwd, { recursive: true, force: true });
}

/** A second machine in the sandbox: an empty home root and a new workspace. */
export function otherMachine(sandbox: Sandbox, name: string): Machine {
  return { homeRoot: path.join(path.dirname(sandbox.homeRoot), `agent-homes-${name}`), cwd: sandbox.newWorkspace() };
}

export function runOn(agentId: string, sandbox: Sandbox, machine: Machine, mode: LaunchMode, prompt: string): Promise<AgentRun> {
  return runAgent(agentId, { mode, prompt }, { cwd: machine.cwd, env: sandbox.env, homeRoot: machine.homeRoot });
}
