import type { StderrSignals } from "@/server/agents/types";

// Qwen Code 0.24.4 on stderr (exit 1, nothing on stdout):
// - "No saved session found with ID <id>. Run `qwen --resume` …" (unknown, or made in another cwd)
// - "Error: Session Id <id> already exists (active or archived). …" (a taken --session-id)

export function classifyQwenStderr(text: string): StderrSignals {
  const signals: StderrSignals = {};
  if (/No saved session found with (?:ID|title)/i.test(text)) signals.sessionNotFound = true;
  if (/Session Id \S+ already exists/i.test(text)) signals.sessionIdInUse = true;
  return signals;
}
