import type { ParsedLine } from "@/server/agents/types";

// Every stdout line of a plain command is text: there is nothing to parse
// and no session to report.
export function parseCommandLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  return { event: { kind: "text", payload: options.truncated ? { text: line, truncated: true } : { text: line } }, signals: {} };
}
