// `[[` completion in the markdown editors: which reference the caret is
// typing, and the text once one is chosen. Pure and isomorphic.
import { ID_PREFIXES, type IdKind } from "@/lib/ids";

/** What is being typed after `[[`, and where (start: the first `[`; end: the caret). */
export type ReferenceQuery = { start: number; end: number; text: string };

/** A reference that can be offered: "SPEC-3" with its title. */
export type ReferenceCandidate = { kind: IdKind; id: string; title: string };

// `[[`, then what could start an id or a title, up to the caret (no `]`, no line break).
const TYPING = /\[\[([^\]\n[]{0,40})$/;

/** The `[[query` the caret is at the end of, or null. */
export function referenceQueryAt(value: string, caret: number): ReferenceQuery | null {
  const match = TYPING.exec(value.slice(0, caret));
  if (!match) return null;
  return { start: match.index, end: caret, text: match[1] };
}

/** The text with `[[query` replaced by `[[ID]]` (a `]]` already after the caret is reused), and the caret after it. */
export function insertReference(value: string, query: ReferenceQuery, id: string): { value: string; caret: number } {
  const after = value.slice(query.end);
  const rest = after.startsWith("]]") ? after.slice(2) : after;
  const reference = `[[${id}]]`;
  return { value: value.slice(0, query.start) + reference + rest, caret: query.start + reference.length };
}

/** The kind of id a query spells the start of ("sp", "ISSUE-", "sess-4"), or null when it reads as words of a title. */
export function idKindOf(text: string): { kind: IdKind; number: string } | null {
  const match = /^([a-z]+)(?:-(\d*))?$/i.exec(text.trim());
  if (!match) return null;
  const word = match[1].toUpperCase();
  const hasDash = text.includes("-");
  for (const [kind, prefix] of Object.entries(ID_PREFIXES) as [IdKind, string][]) {
    if (hasDash ? word === prefix : prefix.startsWith(word) && word.length >= 2) return { kind, number: match[2] ?? "" };
  }
  return null;
}

/** Whether a candidate fits what was typed: its id starts with it, or its title contains it. */
export function candidateMatches(candidate: ReferenceCandidate, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return candidate.id.toLowerCase().startsWith(q) || candidate.title.toLowerCase().includes(q);
}
