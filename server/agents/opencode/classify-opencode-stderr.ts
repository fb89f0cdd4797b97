import type { StderrSignals } from "@/server/agents/types";

// opencode 1.18.33 says "Error: Session not found" on stderr (with ANSI
// colours, exit 1, nothing on stdout) for an unknown --session.

// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the ANSI colour codes this strips.
const ANSI = /\u001b\[[0-9;]*m/g;

export function classifyOpencodeStderr(text: string): StderrSignals {
  return /Error:\s*Session not found/i.test(text.replace(ANSI, "")) ? { sessionNotFound: true } : {};
}
