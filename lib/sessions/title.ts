// A new session's default title: its first prompt on one line, at most 80
// characters. The sessions migration backfills titles the same way in SQL.

export const SESSION_TITLE_LENGTH = 80;

export function sessionTitleFromPrompt(prompt: string): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  if (!line) return "Untitled session";
  const chars = Array.from(line);
  if (chars.length <= SESSION_TITLE_LENGTH) return line;
  return `${chars
    .slice(0, SESSION_TITLE_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}
