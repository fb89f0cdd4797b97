import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { commandPermissions } from "@/server/agents/command/command-permissions";
import { buildCommandLaunch } from "@/server/agents/command/build-command-launch";
import { normalizeCommandEvent } from "@/server/agents/command/normalize-command-event";
import { parseCommandLine } from "@/server/agents/command/parse-command-line";

// Any program, run once per prompt: ARBOR_COMMAND_BIN (required; a path or
// a name on PATH) with ARBOR_COMMAND_ARGS (a JSON array) before the prompt.
// Its stdout lines are shown as plain text. Useful for scripted agents and
// for exercising Arbor without a model.
export const commandAgent: AgentDefinition = {
  id: "command",
  displayName: BUILT_IN_AGENT_NAMES.command,
  binary: { envVar: "ARBOR_COMMAND_BIN", defaultCommand: null },
  sessionCapabilities: [],
  transcriptRetentionDays: null,
  probesCli: false,
  reportsResult: false,
  buildLaunch: buildCommandLaunch,
  parseLine: parseCommandLine,
  classifyStderr: () => ({}),
  normalize: normalizeCommandEvent,
  permissions: commandPermissions,
};
