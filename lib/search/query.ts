// Reads a search box's text the way PostgreSQL's websearch_to_tsquery does
// (words, "quoted phrases", -excluded, `or`), to build the two queries
// search runs: every term (the text as typed) and any term (the same terms
// joined with `or`), so results matching everything come first and partial
// matches follow. Pure.
//
// File names and paths are one token to PostgreSQL ("login.ts",
// "src/auth/login.ts"); the search vectors also hold each path's words, in
// order (the search_vector_of() SQL function), so a typed path also matches
// as the phrase of its words: `login.ts` finds "src/auth/login.ts" through
// "… auth login ts", and `auth` finds it through "auth".

export type ParsedSearchQuery = {
  /** Words and phrases to find (phrases keep their quotes). */
  positives: string[];
  /** Words and phrases to exclude (without their minus). */
  negatives: string[];
  /** websearch syntax for "every term", as typed, with each path also as the phrase of its words. */
  fullText: string;
  /** websearch syntax for "any positive term". */
  anyText: string;
  /** websearch syntax for "any excluded term", or "" when none. */
  negativeText: string;
};

const TOKENS = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;
/** A word holding a file name or path: letters or digits on both sides of . / \ : @ (as in the SQL function). */
const PATH_LIKE = /[\p{L}\p{N}][./\\:@][\p{L}\p{N}]/u;

/** The words of a path-like term ("src/auth/login.ts" → src auth login ts), or null when it is a plain word. */
export function pathWords(term: string): string[] | null {
  if (!PATH_LIKE.test(term)) return null;
  const words = term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length > 1 ? words : null;
}

/** `term`, or for a path `term or "its words"` (websearch syntax). */
function eitherForm(term: string): string {
  const words = pathWords(term);
  return words ? `${term} or "${words.join(" ")}"` : term;
}

export function parseSearchQuery(text: string): ParsedSearchQuery {
  const positives: string[] = [];
  const negatives: string[] = [];
  const full: string[] = [];
  for (const match of text.matchAll(TOKENS)) {
    const phrase = match[2];
    const negated = (match[1] ?? match[3]) === "-";
    let term: string;
    if (phrase !== undefined) {
      const words = phrase.trim();
      if (!words) continue;
      term = /\s/.test(words) ? `"${words}"` : words;
      full.push(match[0]);
    } else {
      term = match[4]!;
      if (/^or$/i.test(term) && !negated) {
        full.push(term);
        continue;
      }
      // A lone "-" or a word made only of punctuation finds nothing.
      if (!/[\p{L}\p{N}]/u.test(term)) continue;
      const words = pathWords(term);
      full.push(!words ? match[0] : negated ? `-${term} -"${words.join(" ")}"` : eitherForm(term));
    }
    (negated ? negatives : positives).push(term);
  }
  return {
    positives,
    negatives,
    fullText: full.join(" "),
    anyText: positives.map(eitherForm).join(" or "),
    negativeText: negatives.map(eitherForm).join(" or "),
  };
}
