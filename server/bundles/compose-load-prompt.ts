import { cutToBytes, utf8Bytes, xmlAttr } from "@/server/references/prompt-text";
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
  let budget =
    maxBytes - utf8Bytes(headText) - utf8Bytes(tail) - 1 - input.documents.reduce((n, d) => n + utf8Bytes(open(d)) + utf8Bytes(close(d)), 0);
  const parts = [headText];
  input.documents.forEach((doc, index) => {
    // What is left is shared evenly among the documents still to come.
    const share = Math.max(0, Math.floor(budget / (input.documents.length - index)));
    let body = doc.body.trim() || "(no text)";
    if (utf8Bytes(body) > share) {
      const note = `\n[… cut to fit the prompt; the full text is ${doc.id} in Arbor]`;
      body = cutToBytes(body, share - utf8Bytes(note)) + note;
    }
    budget -= utf8Bytes(body);
    parts.push(open(doc), body, close(doc));
  });
  return `${parts.join("")}\n${tail}`;
}
