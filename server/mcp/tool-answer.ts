// What one of Arbor's MCP tools answers: text an agent reads, the same as
// structured content, and the refs it showed the agent (for "consulted").
// Bounded: no call returns more than RESULT_MAX_CHARS of text; a cut says so.

export const RESULT_MAX_CHARS = 24_000;

export type ToolAnswer = { ok: true; text: string; structured: Record<string, unknown>; consulted: string[] } | { ok: false; message: string };

export const toolError = (message: string): ToolAnswer => ({ ok: false, message });

export function toolAnswer(text: string, structured: Record<string, unknown>, consulted: string[] = []): ToolAnswer {
  const shown = bounded(text);
  // Some clients hand the model the structured content instead of the text (Claude Code does): it is bounded too.
  const fits = JSON.stringify(structured).length <= RESULT_MAX_CHARS;
  return { ok: true, text: shown, structured: fits ? structured : { cut: "The full answer is over the size bound; this is its text", text: shown }, consulted };
}

/** Text cut to the bound, with a last line saying it was and how much is left out. */
export function bounded(text: string, max = RESULT_MAX_CHARS): string {
  if (text.length <= max) return text;
  const note = `\n\n[cut: ${text.length - max} more characters not shown; ask for less (a smaller limit, or one session at a time)]`;
  return text.slice(0, max - note.length) + note;
}

/** One line of a string, shortened to `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
