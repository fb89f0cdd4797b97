// Reading ts_headline's output into a plain-text snippet and the character
// ranges to highlight (server/search/search.ts). Pure.
//
// ts_headline is given the text as search_headline_text() makes it: each
// word holding a path is followed by that path's words inside a region
// ("src/auth/login.ts \u0003src auth login ts\u0004", the words the search
// vectors hold for it), so a search for "auth" highlights a word there. The region is not shown: its highlighted words
// are moved onto the same words of the path before it ("src/[auth]/login.ts").

/** What ts_headline puts around a match, around the words added after a path, and between fragments (control characters: never kept in a snippet). */
export const HEADLINE_START = "\u0001";
export const HEADLINE_STOP = "\u0002";
export const REGION_OPEN = "\u0003";
export const REGION_CLOSE = "\u0004";
export const FRAGMENT_DELIMITER = "\u0005";
const SHOWN_DELIMITER = " … ";

type Range = [number, number];
const WORD = /[\p{L}\p{N}]+/gu;

/** Text that goes into ts_headline, without the characters that mean something in its output. */
export function withoutMarkers(text: string): string {
  return [HEADLINE_START, HEADLINE_STOP, REGION_OPEN, REGION_CLOSE, FRAGMENT_DELIMITER].reduce((t, marker) => t.replaceAll(marker, " "), text);
}

/** ts_headline output with our markers → plain text and the highlighted [start, end) ranges. */
export function readHeadline(headline: string): { snippet: string; highlights: Range[] } {
  let snippet = "";
  const highlights: Range[] = [];
  for (const fragment of headline.split(FRAGMENT_DELIMITER)) {
    const read = readFragment(fragment);
    if (!read.text) continue;
    if (snippet) snippet += SHOWN_DELIMITER;
    const offset = snippet.length;
    snippet += read.text;
    for (const [start, end] of read.highlights) highlights.push([start + offset, end + offset]);
  }
  return { snippet, highlights };
}

function readFragment(fragment: string): { text: string; highlights: Range[] } {
  let source = fragment;
  // A fragment can start inside a region: those words belong to a path that is not shown.
  const close = source.indexOf(REGION_CLOSE);
  const open = source.indexOf(REGION_OPEN);
  if (close !== -1 && (open === -1 || close < open)) source = source.slice(close + 1);

  let text = "";
  const marks: Range[] = [];
  let markStart: number | null = null;
  const endMark = () => {
    if (markStart !== null && text.length > markStart) marks.push([markStart, text.length]);
    markStart = null;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === HEADLINE_START) markStart = text.length;
    else if (ch === HEADLINE_STOP) endMark();
    else if (ch === REGION_OPEN) {
      markStart = null;
      const end = source.indexOf(REGION_CLOSE, i + 1);
      const regionEnd = end === -1 ? source.length : end;
      marks.push(...regionMarks(text.trimEnd(), source.slice(i + 1, regionEnd), end !== -1));
      i = regionEnd;
    } else if (/\s/.test(ch)) {
      if (text !== "" && !text.endsWith(" ")) text += " ";
    } else text += ch;
  }
  text = text.trimEnd();
  const kept = marks.map(([start, end]): Range => [start, Math.min(end, text.length)]).filter(([start, end]) => end > start);
  return { text, highlights: mergeAcrossPunctuation(text, kept) };
}

/** The highlighted words of a region (`whole`: not cut by a fragment's end), as ranges on the same words of the path `text` ends with. */
function regionMarks(text: string, region: string, whole: boolean): Range[] {
  const marked: boolean[] = [];
  let inMark = false;
  let inWord = false;
  for (const ch of region) {
    if (ch === HEADLINE_START) inMark = true;
    else if (ch === HEADLINE_STOP) inMark = false;
    else if (/[\p{L}\p{N}]/u.test(ch)) {
      if (!inWord) marked.push(inMark);
      inWord = true;
    } else inWord = false;
  }
  const chunkStart = text.lastIndexOf(" ") + 1;
  const words = [...text.slice(chunkStart).matchAll(WORD)];
  // PostgreSQL's idea of a letter can differ from JavaScript's: then nothing is moved rather than the wrong words.
  if (whole ? words.length !== marked.length : words.length < marked.length) return [];
  return words.flatMap((word, index) => (marked[index] ? [[chunkStart + word.index, chunkStart + word.index + word[0].length] as Range] : []));
}

/** Sorted, overlaps joined, and neighbours joined across punctuation ("hello" "." "txt" → "hello.txt"). */
function mergeAcrossPunctuation(text: string, ranges: Range[]): Range[] {
  const merged: Range[] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = merged.at(-1);
    if (last && (start <= last[1] || /^[^\s\p{L}\p{N}]+$/u.test(text.slice(last[1], start)))) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
