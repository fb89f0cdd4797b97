// Turns a byte stream (an agent's stdout, in whatever chunks the pipe hands
// over) into complete lines. Works on bytes, not strings, so a multi-byte
// UTF-8 character split across two chunks is decoded whole. A line longer
// than the cap is cut at the cap and flagged instead of growing memory
// without bound: the rest of it is skipped up to the next newline.

export const DEFAULT_MAX_LINE_BYTES = 32 * 1024 * 1024;

export interface SplitLine {
  /** The line without its terminator ("\n" or "\r\n"). */
  text: string;
  /** True when the line exceeded the cap and `text` holds only its first part. */
  truncated: boolean;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export class LineSplitter {
  private readonly maxLineBytes: number;
  /** Bytes of the current, unfinished line (at most maxLineBytes + a trailing CR). */
  private parts: Buffer[] = [];
  private partsLength = 0;
  /** The current line passed the cap: its further bytes are dropped. */
  private overflowed = false;

  constructor(options: { maxLineBytes?: number } = {}) {
    this.maxLineBytes = Math.max(1, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  }

  /** Feeds a chunk; returns the lines it completed (possibly none). */
  push(chunk: Buffer | Uint8Array | string): SplitLine[] {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const lines: SplitLine[] = [];
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.append(bytes.subarray(start));
        break;
      }
      this.append(bytes.subarray(start, newline));
      lines.push(this.takeLine());
      start = newline + 1;
    }
    return lines;
  }

  /** Call when the stream ends: returns the last line if it had no terminator. */
  end(): SplitLine[] {
    if (this.partsLength === 0 && !this.overflowed) return [];
    return [this.takeLine()];
  }

  private append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    // One spare byte beyond the cap keeps a CR that may turn out to be the
    // first half of a CRLF terminator.
    const room = this.maxLineBytes + 1 - this.partsLength;
    if (bytes.length > room) {
      this.overflowed = true;
      if (room > 0) this.keep(bytes.subarray(0, room));
      return;
    }
    this.keep(bytes);
  }

  private keep(bytes: Buffer): void {
    // Copy: the caller may reuse its chunk buffer.
    this.parts.push(Buffer.from(bytes));
    this.partsLength += bytes.length;
  }

  private takeLine(): SplitLine {
    let line = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.partsLength);
    let truncated = this.overflowed;
    if (line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN && !truncated) {
      line = line.subarray(0, line.length - 1);
    }
    if (line.length > this.maxLineBytes) {
      line = line.subarray(0, this.maxLineBytes);
      truncated = true;
    }
    if (truncated) line = line.subarray(0, utf8Boundary(line));
    this.parts = [];
    this.partsLength = 0;
    this.overflowed = false;
    return { text: line.toString("utf8"), truncated };
  }
}

/** Length of the longest prefix that does not end inside a multi-byte UTF-8 character. */
function utf8Boundary(bytes: Buffer): number {
  let end = bytes.length;
  let continuation = 0;
  while (end - continuation > 0 && continuation < 3 && (bytes[end - continuation - 1] & 0xc0) === 0x80) continuation++;
  const leadIndex = end - continuation - 1;
  if (leadIndex < 0) return end;
  const lead = bytes[leadIndex];
  const expected = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (expected > continuation + 1) end = leadIndex;
  return end;
}
