import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { aiderPermissions } from "@/server/agents/aider/aider-permissions";
import { buildAiderLaunch } from "@/server/agents/aider/build-aider-launch";
import { normalizeCommandEvent } from "@/server/agents/command/normalize-command-event";
import { parseCommandLine } from "@/server/agents/command/parse-command-line";

// aider (Python, `aider --message …`), driven by strategy B: each Arbor
// session gets its own home holding aider's history files, and Continue
// restores "the latest" chat there. Its output is plain text.
export const aiderAgent: AgentDefinition = {
  id: "aider",
  displayName: BUILT_IN_AGENT_NAMES.aider,
  binary: { envVar: "AIDER_BIN", defaultCommand: "aider" },
  sessionCapabilities: ["assign-id-at-launch", "resume-by-id"],
  sessionStrategy: "latest-in-home",
  transcriptRetentionDays: null,
  probesCli: true,
  // The person's model for a run (issue 26): `--model` (aider's `-m` is --message).
  model: { flag: "--model" },
  home: { scope: "session", env: () => ({}) },
  reportsResult: false,
  buildLaunch: buildAiderLaunch,
  parseLine: parseCommandLine,
  classifyStderr: () => ({}),
  normalize: normalizeCommandEvent,
  verification: {
    status: "not-verified",
    reason:
      "aider is a Python package (PyPI aider-chat); PyPI is unreachable on these machines and Debian has no package, so it could not be installed and run here",
  },
  permissions: aiderPermissions,
};
