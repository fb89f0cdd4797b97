import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { qwenStreamInput } from "@/server/agents/qwen/qwen-approvals";
import { qwenPermissions } from "@/server/agents/qwen/qwen-permissions";
import { buildQwenLaunch } from "@/server/agents/qwen/build-qwen-launch";
import { classifyQwenStderr } from "@/server/agents/qwen/classify-qwen-stderr";
import { normalizeQwenEvent } from "@/server/agents/qwen/normalize-qwen-event";
import { parseQwenLine } from "@/server/agents/qwen/parse-qwen-line";
import { qwenMcpSettings } from "@/server/agents/qwen/qwen-mcp";

// Qwen Code (`qwen --output-format stream-json`), 0.24 or newer: older
// versions (the newest a plain `npm install` picks on Node 20 is 0.15.10,
// since 0.21+ declare node>=22) have no --fork-session, which the probe then
// reports as missing. Sessions live in $QWEN_HOME/projects/<cwd, every
// non-alphanumeric → "-">/chats/<id>.jsonl, scoped to that cwd.
// No sessionState (issue 24): 0.24.4 resumes a chat only when its first
// record's `cwd` (or a <id>.runtime.json's workDir) is the current cwd
// (sessionBelongsToCurrentProject), so a chat moved as is to another cwd
// (a new worktree) is "No saved session found"; it resumes once that cwd is
// rewritten, which moving files alone cannot do.
// It relaunches itself as a child node process and a SIGTERM to the parent
// alone orphans the child: signal the process group.
export const qwenAgent: AgentDefinition = {
  id: "qwen",
  displayName: BUILT_IN_AGENT_NAMES.qwen,
  binary: { envVar: "QWEN_BIN", defaultCommand: "qwen" },
  sessionCapabilities: ["assign-id-at-launch", "resume-by-id", "fork", "continue-latest"],
  transcriptRetentionDays: null,
  probesCli: true,
  // The person's model for a run (issue 26): `--model` (also `-m`), over OPENAI_MODEL.
  model: { flag: "--model" },
  // Arbor's MCP server is named in the home's settings, its URL and token read from each launch's environment (qwen-mcp.ts).
  home: { scope: "agent", env: (dir) => ({ QWEN_HOME: dir }), settings: qwenMcpSettings },
  usageReporting: "session-total",
  buildLaunch: buildQwenLaunch,
  parseLine: parseQwenLine,
  classifyStderr: classifyQwenStderr,
  normalize: normalizeQwenEvent,
  verification: { status: "verified", version: "0.24.4" },
  permissions: qwenPermissions,
  // Only an `ask` run uses it: the builder puts every other run's prompt in the argv.
  streamInput: qwenStreamInput,
  attachesMcp: true,
};
