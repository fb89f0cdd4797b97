// Token counts of a Claude Code result line's `usage`.

export interface ClaudeUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** Prompt-cache reads (cache_read_input_tokens): what a resumed session re-reads cheaply. */
  cacheReadTokens: number | null;
  /** Prompt-cache writes (cache_creation_input_tokens). */
  cacheCreationTokens: number | null;
}

/**
 * inputTokens is all input the model read: the API's input_tokens excludes
 * prompt-cache reads and writes, which Claude Code uses heavily, so they are
 * added in (and reported on their own too).
 */
export function readClaudeUsage(usage: unknown): ClaudeUsage {
  const fields = typeof usage === "object" && usage !== null ? (usage as Record<string, unknown>) : {};
  const input = numberOrNull(fields.input_tokens);
  const cacheCreationTokens = numberOrNull(fields.cache_creation_input_tokens);
  const cacheReadTokens = numberOrNull(fields.cache_read_input_tokens);
  const cached = (cacheCreationTokens ?? 0) + (cacheReadTokens ?? 0);
  return {
    inputTokens: input === null ? null : input + cached,
    outputTokens: numberOrNull(fields.output_tokens),
    cacheReadTokens,
    cacheCreationTokens,
  };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
