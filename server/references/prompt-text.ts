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
