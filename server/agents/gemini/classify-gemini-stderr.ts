import type { StderrSignals } from "@/server/agents/types";

// Gemini CLI 0.61.0 reports session problems only on stderr (exit 42):
// - "Error resuming session: Invalid session identifier "<id>". Searched for sessions in …"
// - "Error resuming session: No previous sessions found for this project." (resumed from another cwd)
// - "Error starting session: Session ID "<id>" already exists. Use --resume …"

const NOT_FOUND = /Error resuming session: (?:Invalid session identifier|No previous sessions found)/i;
const IN_USE = /Session ID "[^"]*" already exists/i;

export function classifyGeminiStderr(text: string): StderrSignals {
  const signals: StderrSignals = {};
  if (NOT_FOUND.test(text)) signals.sessionNotFound = true;
  if (IN_USE.test(text)) signals.sessionIdInUse = true;
  return signals;
}
