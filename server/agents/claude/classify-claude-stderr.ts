import type { StderrSignals } from "@/server/agents/types";
import { SESSION_NOT_FOUND } from "@/server/agents/claude/parse-claude-line";

// Some launch failures only show on stderr (verified on 2.1.330):
// - "Error: Session ID <id> is already in use." (exit 1, nothing on stdout)
// - "No conversation found with session ID: <id>" (also in the result line)

const SESSION_ID_IN_USE = /Session ID \S+ is already in use/i;

export function classifyClaudeStderr(text: string): StderrSignals {
  const signals: StderrSignals = {};
  if (SESSION_NOT_FOUND.test(text)) signals.sessionNotFound = true;
  if (SESSION_ID_IN_USE.test(text)) signals.sessionIdInUse = true;
  return signals;
}
