import { fitDocuments, utf8Bytes, xmlAttr } from "@/server/references/prompt-text";
// Pure: the prompt Load context sends. The bundle's specs and issues are
// expanded (their current text), its commits and other sessions listed, all
// in one block ahead of the person's request. The agent CLI gets its prompt
// as one argv element, capped by Linux at 128 KiB, so bodies share a byte
// budget and a cut one says where the rest is.

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

export function composeLoadPrompt(input: LoadPromptInput, maxBytes = LOAD_PROMPT_MAX_BYTES): string {
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
