import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { codexPermissions } from "@/server/agents/codex/codex-permissions";
import { buildCodexLaunch } from "@/server/agents/codex/build-codex-launch";
import { classifyCodexStderr } from "@/server/agents/codex/classify-codex-stderr";
import { codexSessionState } from "@/server/agents/codex/codex-session-state";
import { normalizeCodexEvent } from "@/server/agents/codex/normalize-codex-event";
import { createCodexLineParser, parseCodexLine } from "@/server/agents/codex/parse-codex-line";

// OpenAI Codex CLI (`codex exec --json`). Threads live in
// $CODEX_HOME/sessions/YYYY/MM/DD/rollout-*-<thread id>.jsonl (Arbor gives
// Codex its own CODEX_HOME). A fork's rollout refers to its parent's, so a
// parent must never be deleted while a fork of it may be continued. Codex
// prunes nothing by itself.
export const codexAgent: AgentDefinition = {
  id: "codex",
  displayName: BUILT_IN_AGENT_NAMES.codex,
  binary: { envVar: "CODEX_BIN", defaultCommand: "codex" },
  sessionCapabilities: ["resume-by-id", "fork", "continue-latest"],
  transcriptRetentionDays: null,
  probesCli: true,
  // The person's model for a run (issue 26): exec's `--model` (also `-m`), before resume/fork.
  model: { flag: "--model" },
  helpCommands: [
    ["exec", "--help"],
    ["exec", "resume", "--help"],
    ["exec", "fork", "--help"],
  ],
  home: { scope: "agent", env: (dir) => ({ CODEX_HOME: dir }) },
  // A thread moves as its rollout plus its fork ancestors' (codex-session-state.ts).
  sessionState: codexSessionState,
  usageReporting: "session-total",
  buildLaunch: buildCodexLaunch,
  parseLine: parseCodexLine,
  createLineParser: createCodexLineParser,
  classifyStderr: classifyCodexStderr,
  normalize: normalizeCodexEvent,
  verification: { status: "verified", version: "0.169.0" },
  permissions: codexPermissions,
  // Arbor's MCP server as -c overrides, the token in the environment (codex-mcp.ts).
  attachesMcp: true,
};
