import { fitDocuments, utf8Bytes, xmlAttr } from "@/server/references/prompt-text";
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

export function formatAgentPrompt(prompt: string, items: readonly ExpandedItem[], maxBytes = AGENT_PROMPT_MAX_BYTES): string {
  if (items.length === 0) return prompt;
  const head = `${prompt}\n\n<arbor-references>\nThe request above cites these Arbor items as [[ID]]. Their current text follows.\n`;
  const tail = `</arbor-references>`;
  const open = (item: ExpandedItem) =>
    `\n<${item.type} id="${item.id}" title="${xmlAttr(item.title)}"${item.status ? ` status="${xmlAttr(item.status)}"` : ""}>\n`;
  const close = (item: ExpandedItem) => `\n</${item.type}>\n`;

  return head + fitDocuments(items, maxBytes - utf8Bytes(head) - utf8Bytes(tail), open, close) + tail;
}
