// Token counts of a Claude Code result line's `usage`.

export interface ClaudeUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the input, what was read from the prompt cache (cache_read_input_tokens); null when not reported. */
  cacheReadTokens: number | null;
}

/**
 * inputTokens is all input the model read: the API's input_tokens excludes
 * prompt-cache reads and writes, which Claude Code uses heavily, so they are
 * added in.
 */
export function readClaudeUsage(usage: unknown): ClaudeUsage {
  const fields = typeof usage === "object" && usage !== null ? (usage as Record<string, unknown>) : {};
  const input = numberOrNull(fields.input_tokens);
  const cached = [fields.cache_creation_input_tokens, fields.cache_read_input_tokens]
    .map(numberOrNull)
    .reduce<number>((sum, part) => sum + (part ?? 0), 0);
  return {
    inputTokens: input === null ? null : input + cached,
    outputTokens: numberOrNull(fields.output_tokens),
    cacheReadTokens: numberOrNull(fields.cache_read_input_tokens),
  };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
