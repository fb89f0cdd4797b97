import type { StderrSignals } from "@/server/agents/types";

// Copilot CLI 1.0.102, for a --resume that matches nothing (exit 1, nothing on
// stdout): "Error: No session, task, or name matched '<id>'."

export function classifyCopilotStderr(text: string): StderrSignals {
  return /No session, task, or name matched/i.test(text) ? { sessionNotFound: true } : {};
}
