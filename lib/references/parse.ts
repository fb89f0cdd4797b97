// `[[SESS-42]]`, `[[ISSUE-7]]`, `[[SPEC-3]]`: references between Arbor's
// entities, written in any spec, issue or session text and in prompts. Pure
// helpers shared by the server (storing references, expanding prompts), the
// markdown renderer and the run form.

import { formatId, type IdKind } from "@/lib/ids";

export type ReferenceType = IdKind; // "spec" | "issue" | "session"
export const REFERENCE_TYPES: readonly ReferenceType[] = ["spec", "issue", "session"];

/** One cited entity. `id` is canonical ("SESS-42"); ids are unique across types. */
export type Reference = { type: ReferenceType; id: string };

const KIND_BY_PREFIX: Record<string, ReferenceType> = { SPEC: "spec", ISSUE: "issue", SESS: "session" };
const MAX_NUMBER = 2_147_483_647; // Postgres INTEGER, as lib/ids.ts

// Case-insensitive, no spaces inside the brackets, numbers as lib/ids.ts accepts them.
const REFERENCE_SOURCE = String.raw`\[\[(SPEC|ISSUE|SESS)-([1-9][0-9]{0,9})\]\]`;

function toReference(prefix: string, digits: string): Reference | null {
  const type = KIND_BY_PREFIX[prefix.toUpperCase()];
  const n = Number(digits);
  if (!type || n > MAX_NUMBER) return null;
  return { type, id: formatId(type, n) };
}

/** Blanks out fenced code blocks and inline code spans (keeping offsets), where references are literal text. */
export function maskCode(markdown: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  // Fenced blocks: an opening fence of 3+ backticks or tildes (indented at most 3 spaces)
  // up to a closing fence of the same character at least as long, or the end of the text.
  const lines = markdown.split("\n");
  let fence: { char: string; length: number } | null = null;
  const out = lines.map((line) => {
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      return blank(line);
    }
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    // A backtick fence's info string may not contain backticks (CommonMark).
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) {
      fence = { char: open[1][0], length: open[1].length };
      return blank(line);
    }
    return line;
  });
  // Inline code: a run of n backticks up to the next run of exactly n backticks.
  return out.join("\n").replace(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (span) => blank(span));
}

/**
 * Every entity the text cites, once each, in order of first appearance.
 * References inside code (fenced blocks, `inline code`) are literal text and do not count.
 */
export function parseReferences(markdown: string | null | undefined): Reference[] {
  if (!markdown?.includes("[[")) return [];
  const seen = new Set<string>();
  const found: Reference[] = [];
  for (const match of maskCode(markdown).matchAll(new RegExp(REFERENCE_SOURCE, "gi"))) {
    const ref = toReference(match[1], match[2]);
    if (ref && !seen.has(ref.id)) {
      seen.add(ref.id);
      found.push(ref);
    }
  }
  return found;
}

export type TextSegment = { kind: "text"; text: string } | { kind: "reference"; ref: Reference; raw: string };

/** Splits plain text (one text node, no markdown) into text and references, for rendering. */
export function splitReferences(text: string): TextSegment[] {
  if (!text.includes("[[")) return [{ kind: "text", text }];
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(REFERENCE_SOURCE, "gi"))) {
    const ref = toReference(match[1], match[2]);
    if (!ref) continue;
    const start = match.index ?? 0;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    segments.push({ kind: "reference", ref, raw: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}

/** A well-formed reference id of any type ("sess-4" → { session, SESS-4 }), or null. */
export function parseReferenceId(raw: string | null | undefined): Reference | null {
  if (typeof raw !== "string") return null;
  const m = /^(SPEC|ISSUE|SESS)-([1-9][0-9]{0,9})$/i.exec(raw.trim());
  return m ? toReference(m[1], m[2]) : null;
}

const PATHS: Record<ReferenceType, string> = { spec: "/specs", issue: "/issues", session: "/sessions" };

/** The page of a referenced entity. */
export function referenceHref(ref: Reference): string {
  return `${PATHS[ref.type]}/${ref.id}`;
}

/** References of one type only (e.g. the sessions a prompt cites). */
export function referencesOfType(refs: readonly Reference[], type: ReferenceType): Reference[] {
  return refs.filter((r) => r.type === type);
}
