import { maskCode, parseReferenceId } from "@/lib/references/parse";
import { fitDocuments, utf8Bytes, xmlAttr } from "@/server/references/prompt-text";
// Pure: the prompt Load context sends. The bundle's specs and issues are
// expanded (their current text), its commits and other sessions listed, all
// in one block ahead of the person's request. The agent CLI gets its prompt
// as one argv element, capped by Linux at 128 KiB, so bodies share a byte
// budget and a cut one says where the rest is.
//
// The composed prompt then goes through prompt expansion like any other
// (server/references/expand-prompt.ts), which appends the text of every
// spec and issue it cites as [[ID]]. A bundle's issue citing its spec, or a
// request citing a spec of the bundle, would so send that spec's text a
// second time: citations of a document the block already carries become its
// plain id ("SPEC-3"), which the agent finds in the block.

export type ContextDocument = { type: "spec" | "issue"; id: string; title: string; body: string; status?: string };
export type ContextSession = { id: string; title: string };

export type LoadPromptInput = {
  bundle: { id: string; name: string; description: string };
  documents: ContextDocument[];
  commits: string[];
  /** Sessions of the bundle other than the one continued (listed by id, not expanded). */
  sessions: ContextSession[];
  prompt: string;
};

// Below the 120,000 bytes prompt expansion keeps to (server/references), so [[references]] quoted in a body still fit.
export const LOAD_PROMPT_MAX_BYTES = 100_000;

const CITATION = /\[\[((?:SPEC|ISSUE|SESS)-[1-9][0-9]{0,9})\]\]/gi;

/** `text` with its [[ID]] citations of `carried` ids (outside code, where citations are literal) written as the plain id. */
export function uncite(text: string, carried: ReadonlySet<string>): string {
  if (carried.size === 0 || !text.includes("[[")) return text;
  let out = "";
  let last = 0;
  for (const match of maskCode(text).matchAll(CITATION)) {
    const id = parseReferenceId(match[1])?.id;
    if (!id || !carried.has(id)) continue;
    const start = match.index ?? 0;
    out += text.slice(last, start) + id;
    last = start + match[0].length;
  }
  return out + text.slice(last);
}

export function composeLoadPrompt(rawInput: LoadPromptInput, maxBytes = LOAD_PROMPT_MAX_BYTES): string {
  const carried = new Set(rawInput.documents.map((d) => d.id));
  const input: LoadPromptInput = {
    ...rawInput,
    bundle: { ...rawInput.bundle, description: uncite(rawInput.bundle.description, carried) },
    documents: rawInput.documents.map((d) => ({ ...d, body: uncite(d.body, carried) })),
    prompt: uncite(rawInput.prompt, carried),
  };
  const { bundle } = input;
  const head: string[] = [
    `<arbor-context bundle="${bundle.id}" name="${xmlAttr(bundle.name)}">`,
    `This is context from the Arbor bundle ${bundle.id} ("${bundle.name}"); the request follows it.`,
  ];
  if (bundle.description.trim()) head.push("", bundle.description.trim());
  const lists: string[] = [];
  if (input.commits.length) lists.push("", "Commits:", ...input.commits.map((sha) => `- ${sha}`));
  if (input.sessions.length) lists.push("", "Related sessions:", ...input.sessions.map((s) => `- ${s.id}: ${s.title}`));
  const tail = [...lists, "</arbor-context>", "", input.prompt].join("\n");
  const open = (d: ContextDocument) => `\n\n<${d.type} id="${d.id}" title="${xmlAttr(d.title)}"${d.status ? ` status="${xmlAttr(d.status)}"` : ""}>\n`;
  const close = (d: ContextDocument) => `\n</${d.type}>`;

  const headText = head.join("\n");
  const documents = fitDocuments(input.documents, maxBytes - utf8Bytes(headText) - utf8Bytes(tail) - 1, open, close);
  return `${headText}${documents}\n${tail}`;
}
