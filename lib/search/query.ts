// Reads a search box's text the way PostgreSQL's websearch_to_tsquery does
// (words, "quoted phrases", -excluded, `or`), to build the two queries
// search runs: every term (websearch_to_tsquery of the text as typed) and any
// term (the same terms joined with `or`), so results matching everything
// come first and partial matches follow. Pure.

export type ParsedSearchQuery = {
  /** Words and phrases to find (phrases keep their quotes). */
  positives: string[];
  /** Words and phrases to exclude (without their minus). */
  negatives: string[];
  /** websearch syntax for "any positive term". */
  anyText: string;
  /** websearch syntax for "any excluded term", or "" when none. */
  negativeText: string;
};

export function parseSearchQuery(text: string): ParsedSearchQuery {
  const positives: string[] = [];
  const negatives: string[] = [];
  const tokens = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;
  for (const match of text.matchAll(tokens)) {
    const phrase = match[2];
    const negated = (match[1] ?? match[3]) === "-";
    let term: string;
    if (phrase !== undefined) {
      const words = phrase.trim();
      if (!words) continue;
      term = /\s/.test(words) ? `"${words}"` : words;
    } else {
      term = match[4]!;
      if (/^or$/i.test(term) && !negated) continue;
      // A lone "-" or a word made only of punctuation finds nothing.
      if (!/[\p{L}\p{N}]/u.test(term)) continue;
    }
    (negated ? negatives : positives).push(term);
  }
  return { positives, negatives, anyText: positives.join(" or "), negativeText: negatives.join(" or ") };
}
