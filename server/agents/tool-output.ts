// Tool output is cut for display beyond this many characters (the stored raw
// event keeps all of it). Shared by every agent's normalizer.
export const MAX_TOOL_RESULT_CHARS = 50_000;

export function capToolOutput(text: string): { content: string; truncated: boolean } {
  return text.length > MAX_TOOL_RESULT_CHARS ? { content: text.slice(0, MAX_TOOL_RESULT_CHARS), truncated: true } : { content: text, truncated: false };
}
