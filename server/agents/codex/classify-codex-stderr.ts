import type { StderrSignals } from "@/server/agents/types";

// Codex 0.169.0 reports an unknown thread only on stderr (exit 1, nothing on
// stdout): "Error: thread/resume: thread/resume failed: no rollout found for
// thread id <id> (code -32600)", and the same with thread/fork for a fork.
// It has no way to be told an id, so "id in use" cannot happen.

const NO_ROLLOUT = /thread\/(?:resume|fork) failed: no rollout found for thread id/i;

export function classifyCodexStderr(text: string): StderrSignals {
  return NO_ROLLOUT.test(text) ? { sessionNotFound: true } : {};
}
