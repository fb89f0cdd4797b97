import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { buildClaudeLaunch } from "@/server/agents/claude/build-claude-launch";
import { claudePermissions } from "@/server/agents/claude/claude-permissions";
import { claudeStreamInput } from "@/server/agents/claude/claude-stream-input";
import { classifyClaudeStderr } from "@/server/agents/claude/classify-claude-stderr";
import { claudeSessionState } from "@/server/agents/claude/claude-session-state";
import { claudeSessionTranscript } from "@/server/agents/claude/claude-transcript-path";
import { normalizeClaudeEvent } from "@/server/agents/claude/normalize-claude-event";
import { parseClaudeLine } from "@/server/agents/claude/parse-claude-line";

// Claude Code (`claude`), run non-interactively with stream-json output.
// Transcripts live in $CLAUDE_CONFIG_DIR/projects/<cwd, non-alphanumerics
// replaced by "-">/<session id>.jsonl. On 2.1.330 `--resume <id>` also finds
// a session created from another cwd. Claude Code deletes transcripts not
// used for `cleanupPeriodDays` (default 30), so older sessions may be gone.
export const claudeAgent: AgentDefinition = {
  id: "claude",
  displayName: BUILT_IN_AGENT_NAMES.claude,
  binary: { envVar: "CLAUDE_BIN", defaultCommand: "claude" },
  sessionCapabilities: ["assign-id-at-launch", "assign-id-at-fork", "resume-by-id", "fork", "fork-at-message", "continue-latest"],
  transcriptRetentionDays: 30,
  probesCli: true,
  // The person's model for a run (issue 26): `--model sonnet`, an alias or a full name.
  model: { flag: "--model" },
  sessionTranscript: claudeSessionTranscript,
  sessionState: claudeSessionState,
  buildLaunch: buildClaudeLaunch,
  parseLine: parseClaudeLine,
  classifyStderr: classifyClaudeStderr,
  normalize: normalizeClaudeEvent,
  verification: { status: "verified", version: "2.1.330" },
  streamInput: claudeStreamInput,
  permissions: claudePermissions,
  attachesMcp: true,
};
