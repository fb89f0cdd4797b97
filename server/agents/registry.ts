import fs from "node:fs";
import path from "node:path";
import type { AgentDefinition, LaunchMode, SessionCapability, SessionStrategy } from "@/server/agents/types";
import type { BuiltInOverride } from "@/server/agents/agents-file/agents-file-schema";
import { readAgentsFile, type AgentsFileContents } from "@/server/agents/agents-file/load-agents-file";
import { aiderAgent } from "@/server/agents/aider/aider-agent";
import { claudeAgent } from "@/server/agents/claude/claude-agent";
import { codexAgent } from "@/server/agents/codex/codex-agent";
import { commandAgent } from "@/server/agents/command/command-agent";
import { copilotAgent } from "@/server/agents/copilot/copilot-agent";
import { geminiAgent } from "@/server/agents/gemini/gemini-agent";
import { opencodeAgent } from "@/server/agents/opencode/opencode-agent";
import { qwenAgent } from "@/server/agents/qwen/qwen-agent";
import { inheritedEnv } from "@/server/config/load-config";

// Every agent Arbor can run, as data: the built-ins below, plus what the
// agents file adds or changes (see agents-file/agents-file-schema.ts). The
// file is `ARBOR_AGENTS_FILE`, or `arbor.agents.json` in the directory Arbor
// runs in (where `npm start` / `npm run runner` are started); no file is fine.
// It is re-read when it changes (checked at most once a second), and a
// broken file never takes the built-ins down: its problems are warnings.

export const BUILT_IN_AGENTS: readonly AgentDefinition[] = [
  claudeAgent,
  codexAgent,
  geminiAgent,
  opencodeAgent,
  qwenAgent,
  copilotAgent,
  aiderAgent,
  commandAgent,
];
const BUILT_IN_IDS = new Set(BUILT_IN_AGENTS.map((agent) => agent.id));

export const DEFAULT_AGENTS_FILE_NAME = "arbor.agents.json";

export interface RegisteredAgent {
  definition: AgentDefinition;
  /** What the agents file changes about a built-in agent. */
  override: BuiltInOverride | null;
  source: "built-in" | "agents-file";
}

export interface AgentRegistry {
  agents: RegisteredAgent[];
  /** The agents file consulted (whether or not it exists), or null. */
  file: string | null;
  /** Problems with the agents file, each naming the field. */
  warnings: string[];
}

let configuredFile: { file: string | null } | null = null;
let cache: { key: string; checkedAt: number; registry: AgentRegistry } | null = null;
const RECHECK_MS = 1_000;

/**
 * Which agents file to use: a path, or null for none. Unset (the default),
 * ARBOR_AGENTS_FILE or ./arbor.agents.json decide.
 */
export function configureAgentRegistry(options: { agentsFile: string | null } | null): void {
  configuredFile = options ? { file: options.agentsFile === null ? null : path.resolve(/*turbopackIgnore: true*/ options.agentsFile) } : null;
  cache = null;
}

/** The agents file Arbor reads: ARBOR_AGENTS_FILE (relative to cwd), else arbor.agents.json in cwd. */
export function agentsFilePath(env: Readonly<Record<string, string | undefined>>, cwd: string): string {
  const configured = env.ARBOR_AGENTS_FILE?.trim();
  // turbopackIgnore: a run-time path, not a file to bundle.
  return path.resolve(/*turbopackIgnore: true*/ cwd, configured || DEFAULT_AGENTS_FILE_NAME);
}

export function agentRegistry(): AgentRegistry {
  // The one place the agent layer reads the environment itself: the registry
  // is consulted from code that has no config at hand (normalizing stored events).
  const file = configuredFile ? configuredFile.file : agentsFilePath(inheritedEnv(), process.cwd());
  const now = Date.now();
  if (cache && now - cache.checkedAt < RECHECK_MS && cache.registry.file === file) return cache.registry;
  const key = fileKey(file);
  if (cache && cache.key === key) {
    cache.checkedAt = now;
    return cache.registry;
  }
  const explicit = configuredFile !== null || Boolean(inheritedEnv().ARBOR_AGENTS_FILE?.trim());
  const contents: AgentsFileContents =
    file && fs.existsSync(file)
      ? readAgentsFile(file, BUILT_IN_IDS)
      : { overrides: new Map(), custom: [], warnings: file && explicit ? [`Agents file ${file} does not exist; only the built-in agents are available`] : [] };
  const registry: AgentRegistry = {
    file,
    warnings: contents.warnings,
    agents: [
      ...BUILT_IN_AGENTS.map((definition) => ({ definition, override: contents.overrides.get(definition.id) ?? null, source: "built-in" as const })),
      ...contents.custom.map((definition) => ({ definition, override: null, source: "agents-file" as const })),
    ],
  };
  cache = { key, checkedAt: now, registry };
  return registry;
}

function fileKey(file: string | null): string {
  if (!file) return "none";
  try {
    const stats = fs.statSync(file);
    return `${file}\0${stats.mtimeMs}\0${stats.size}`;
  } catch {
    return `${file}\0missing`;
  }
}

export function getRegisteredAgent(id: string): RegisteredAgent | undefined {
  return agentRegistry().agents.find((agent) => agent.definition.id === id);
}

export function getAgentDefinition(id: string): AgentDefinition | undefined {
  return getRegisteredAgent(id)?.definition;
}

export function listAgents(): readonly AgentDefinition[] {
  return agentRegistry().agents.map((agent) => agent.definition);
}

export function listAgentIds(): string[] {
  return listAgents().map((agent) => agent.id);
}

export function agentCan(agent: AgentDefinition, capability: SessionCapability): boolean {
  return agent.sessionCapabilities.includes(capability);
}

/**
 * The mode as this agent can be asked for it: an agent that names its own
 * sessions (Codex, opencode; every agent but Claude Code for a fork) is not
 * given the id Arbor minted; it picks one, and the runner pins the one its
 * stream reports.
 */
export function launchableMode(agent: AgentDefinition, mode: LaunchMode): LaunchMode {
  if (mode.kind === "new" && mode.sessionId && !agentCan(agent, "assign-id-at-launch")) return { kind: "new" };
  if (mode.kind === "fork" && mode.newSessionId && !agentCan(agent, "assign-id-at-fork"))
    return { kind: "fork", fromSessionId: mode.fromSessionId, atMessageId: mode.atMessageId };
  return mode;
}

export function sessionStrategyOf(agent: AgentDefinition): SessionStrategy {
  return agent.sessionStrategy ?? (agent.sessionCapabilities.length > 0 ? "by-id" : "none");
}

/** Days the agent keeps a session transcript after its last use (null: unknown / no sessions). */
export function transcriptRetentionDays(agentId: string): number | null {
  return getAgentDefinition(agentId)?.transcriptRetentionDays ?? null;
}
