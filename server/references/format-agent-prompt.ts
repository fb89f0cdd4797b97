// Pure: the text an agent receives for a prompt that cites specs or issues.
// The prompt comes first, exactly as typed; the cited items follow once, in
// a block the agent can tell apart from the request itself.

export type ExpandedItem = {
  type: "spec" | "issue";
  id: string;
  title: string;
  body: string;
  /** Issues only. */
  status?: string;
};

/**
 * The agent CLI gets its prompt as one argv element, and Linux caps one
 * argument at 128 KiB (MAX_ARG_STRLEN): cited bodies are cut to fit this many
 * UTF-8 bytes overall, each cut marked.
 */
export const AGENT_PROMPT_MAX_BYTES = 120_000;

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

function attr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\s+/g, " ");
}

/** Cuts `text` to at most `max` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, max: number): string {
  if (max <= 0) return "";
  if (bytes(text) <= max) return text;
  let out = "";
  let used = 0;
  for (const ch of text) {
    const b = bytes(ch);
    if (used + b > max) break;
    out += ch;
    used += b;
  }
  return out;
}

export function formatAgentPrompt(prompt: string, items: readonly ExpandedItem[], maxBytes = AGENT_PROMPT_MAX_BYTES): string {
  if (items.length === 0) return prompt;
  const head = `${prompt}\n\n<arbor-references>\nThe request above cites these Arbor items as [[ID]]. Their current text follows.\n`;
  const tail = `</arbor-references>`;
  const open = (item: ExpandedItem) =>
    `\n<${item.type} id="${item.id}" title="${attr(item.title)}"${item.status ? ` status="${attr(item.status)}"` : ""}>\n`;
  const close = (item: ExpandedItem) => `\n</${item.type}>\n`;

  let budget = maxBytes - bytes(head) - bytes(tail) - items.reduce((n, item) => n + bytes(open(item)) + bytes(close(item)), 0);
  const parts = [head];
  items.forEach((item, index) => {
    // Share what is left evenly among the items still to come.
    const share = Math.max(0, Math.floor(budget / (items.length - index)));
    let body = item.body.trim() || "(no text)";
    if (bytes(body) > share) {
      const note = `\n[… cut to fit the prompt; the full text is ${item.id} in Arbor]`;
      body = cutToBytes(body, share - bytes(note)) + note;
    }
    budget -= bytes(body);
    parts.push(open(item), body, close(item));
  });
  parts.push(tail);
  return parts.join("");
}
