import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { copilotPermissions } from "@/server/agents/copilot/copilot-permissions";
import { buildCopilotLaunch } from "@/server/agents/copilot/build-copilot-launch";
import { classifyCopilotStderr } from "@/server/agents/copilot/classify-copilot-stderr";
import { normalizeCopilotEvent } from "@/server/agents/copilot/normalize-copilot-event";
import { createCopilotLineParser, parseCopilotLine } from "@/server/agents/copilot/parse-copilot-line";
import { readCopilotUsageFile } from "@/server/agents/copilot/read-copilot-usage";

// GitHub Copilot CLI (`copilot -p … --output-format json`). Sessions live in
// $COPILOT_HOME/session-state/<id>/ and session-store.db. No fork.
export const copilotAgent: AgentDefinition = {
  id: "copilot",
  displayName: BUILT_IN_AGENT_NAMES.copilot,
  binary: { envVar: "COPILOT_BIN", defaultCommand: "copilot" },
  sessionCapabilities: ["assign-id-at-launch", "resume-by-id", "continue-latest"],
  transcriptRetentionDays: null,
  probesCli: true,
  // The person's model for a run (issue 26): `--model` (its --help offers `auto` too), over COPILOT_MODEL.
  model: { flag: "--model" },
  home: { scope: "agent", env: (dir) => ({ COPILOT_HOME: dir }) },
  usageReporting: "session-total",
  buildLaunch: buildCopilotLaunch,
  parseLine: parseCopilotLine,
  createLineParser: createCopilotLineParser,
  readUsageFile: readCopilotUsageFile,
  classifyStderr: classifyCopilotStderr,
  normalize: normalizeCopilotEvent,
  verification: { status: "verified", version: "1.0.102" },
  permissions: copilotPermissions,
  // Arbor's MCP server per run: copilot-mcp.ts.
  attachesMcp: true,
};
