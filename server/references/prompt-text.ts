// Small text helpers for building agent prompts. The prompt travels as one
// argv element, whose size Linux caps in bytes, so lengths here are UTF-8 bytes.

export const utf8Bytes = (s: string): number => Buffer.byteLength(s, "utf8");

/** A value safe inside a double-quoted XML-ish attribute, on one line. */
export function xmlAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\s+/g, " ");
}

/** Cuts `text` to at most `max` UTF-8 bytes, never inside a character. */
export function cutToBytes(text: string, max: number): string {
  if (max <= 0) return "";
  if (utf8Bytes(text) <= max) return text;
  let out = "";
  let used = 0;
  for (const ch of text) {
    const b = utf8Bytes(ch);
    if (used + b > max) break;
    out += ch;
    used += b;
  }
  return out;
}

/**
 * The documents, each wrapped in `open(item)` and `close(item)`, in at most
 * `maxBytes`: bodies are cut where they must be, what is left is shared
 * evenly among the documents still to come (so a short one leaves room for
 * the long ones after it), and a cut body ends with a note naming the item
 * in Arbor. An empty body reads "(no text)".
 */
export function fitDocuments<T extends { id: string; body: string }>(
  items: readonly T[],
  maxBytes: number,
  open: (item: T) => string,
  close: (item: T) => string,
): string {
  let budget = maxBytes - items.reduce((n, item) => n + utf8Bytes(open(item)) + utf8Bytes(close(item)), 0);
  const parts: string[] = [];
  items.forEach((item, index) => {
    const share = Math.max(0, Math.floor(budget / (items.length - index)));
    let body = item.body.trim() || "(no text)";
    if (utf8Bytes(body) > share) {
      const note = `\n[… cut to fit the prompt; the full text is ${item.id} in Arbor]`;
      body = cutToBytes(body, share - utf8Bytes(note)) + note;
    }
    budget -= utf8Bytes(body);
    parts.push(open(item), body, close(item));
  });
  return parts.join("");
}
