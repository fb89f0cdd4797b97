// Markdown → the text a person reads, for search snippets: specs, issues,
// prompts and the agents' replies are markdown, and a snippet of "## Plan\n-
// **fix** the [login](http://…) `token`" should read "Plan fix the login
// token". Syntax goes, words stay (link texts, image alt texts, code,
// [[SESS-1]] references as SESS-1); HTML tags and comments are dropped. Not a
// full CommonMark parser: a line-by-line pass that is right for what people
// and agents write, and never loses a word. Pure.

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}(\s+|$)/;
const CLOSING_HASHES = /\s+#+\s*$/;
const QUOTE = /^\s{0,3}(>\s?)+/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

export function plainTextOf(markdown: string): string {
  const lines: string[] = [];
  let inFence = false;
  for (const raw of markdown.split(/\r?\n/)) {
    if (FENCE.test(raw)) {
      inFence = !inFence; // the fence line itself (and its language) is syntax
      continue;
    }
    if (inFence) {
      lines.push(raw);
      continue;
    }
    if (RULE.test(raw) || TABLE_DIVIDER.test(raw)) {
      lines.push("");
      continue;
    }
    let line = raw.replace(QUOTE, "");
    if (HEADING.test(line)) line = line.replace(HEADING, "").replace(CLOSING_HASHES, "");
    line = line.replace(LIST_ITEM, "$1");
    if (/^\s*\|/.test(line))
      line = line
        .replace(/^\s*\|/, "")
        .replace(/\|\s*$/, "")
        .replace(/\s*\|\s*/g, "  ")
        .trim();
    lines.push(inline(line));
  }
  return lines.join("\n");
}

/** Escaped punctuation (\*) is parked in the Private Use Area while the syntax goes, then put back as itself. */
const PARKED = 0xe000;

function inline(text: string): string {
  return (
    text
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, (_, c: string) => String.fromCharCode(PARKED + c.charCodeAt(0)))
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
      // [[SESS-1]] → SESS-1
      .replace(/\[\[([^\]\n]+)\]\]/g, "$1")
      // ![alt](url) → alt; [text](url) and [text][ref] → text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
      // <https://…> → the address
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
      .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?\/?>/g, "")
      // `code` → code
      .replace(/`+([^`]+?)`+/g, "$1")
      // **strong**, __strong__, *em*, _em_, ~~struck~~ → the words (not snake_case or 2*3*4)
      .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2")
      .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*\n]*?\S)\*(?![\p{L}\p{N}*])/gu, "$1$2")
      .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/gu, "$1$2")
      .replace(/~~(?=\S)([^\n]*?\S)~~/g, "$1")
      .replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - PARKED))
  );
}
