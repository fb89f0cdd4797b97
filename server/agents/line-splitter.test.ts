import fc from "fast-check";
import { LineSplitter, type SplitLine } from "@/server/agents/line-splitter";

function splitAll(chunks: Array<Buffer | string>, maxLineBytes?: number): SplitLine[] {
  const splitter = new LineSplitter({ maxLineBytes });
  return [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
}

/** Cuts `bytes` at the given offsets (sorted, deduplicated, in range). */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

describe("LineSplitter", () => {
  it("returns complete lines and keeps the unfinished rest for later", () => {
    const splitter = new LineSplitter();
    expect(splitter.push("one\ntw")).toEqual([{ text: "one", truncated: false }]);
    expect(splitter.push("o\nthree")).toEqual([{ text: "two", truncated: false }]);
    expect(splitter.end()).toEqual([{ text: "three", truncated: false }]);
    expect(splitter.end()).toEqual([]);
  });

  it("strips CRLF terminators but keeps a lone CR inside a line", () => {
    expect(splitAll(["a\r\nb\r", "\nc\rd\n"]).map((l) => l.text)).toEqual(["a", "b", "c\rd"]);
  });

  it("keeps empty lines and emits nothing after a final newline", () => {
    expect(splitAll(["\n\nx\n"]).map((l) => l.text)).toEqual(["", "", "x"]);
  });

  it("decodes a multi-byte character split across chunks", () => {
    const bytes = Buffer.from("héllo → 🌳\n", "utf8");
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(splitAll(chunks)).toEqual([{ text: "héllo → 🌳", truncated: false }]);
  });

  it("handles a 10 MB line arriving in 64 KB chunks", () => {
    const line = "x".repeat(10 * 1024 * 1024);
    const bytes = Buffer.from(`${line}\nnext\n`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 64 * 1024) chunks.push(bytes.subarray(i, i + 64 * 1024));
    const lines = splitAll(chunks);
    expect(lines).toHaveLength(2);
    expect(lines[0].truncated).toBe(false);
    expect(lines[0].text.length).toBe(line.length);
    expect(lines[1]).toEqual({ text: "next", truncated: false });
  });

  it("cuts a line longer than the cap, flags it, and carries on with the next line", () => {
    const lines = splitAll(["abcdefghij", "klmnop\nok\n"], 8);
    expect(lines).toEqual([
      { text: "abcdefgh", truncated: true },
      { text: "ok", truncated: false },
    ]);
  });

  it("does not count a CRLF terminator against the cap", () => {
    expect(splitAll(["abcdefgh\r\n"], 8)).toEqual([{ text: "abcdefgh", truncated: false }]);
    expect(splitAll(["abcdefghi\n"], 8)).toEqual([{ text: "abcdefgh", truncated: true }]);
  });

  it("cuts an over-long line on a character boundary", () => {
    // "é" is two bytes; a cap of 3 would split the second one.
    expect(splitAll(["éé\n"], 3)).toEqual([{ text: "é", truncated: true }]);
  });

  it("keeps memory bounded while skipping the rest of an over-long line", () => {
    const splitter = new LineSplitter({ maxLineBytes: 1024 });
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 64; i++) expect(splitter.push(chunk)).toEqual([]);
    // Internal buffer holds at most the cap (+1 byte for a possible CR).
    expect((splitter as unknown as { partsLength: number }).partsLength).toBeLessThanOrEqual(1025);
    const [line] = splitter.push("\n");
    expect(line.truncated).toBe(true);
    expect(line.text.length).toBe(1024);
  });

  it("gives the same lines whatever the chunk boundaries (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom("\n", "\r\n", "\r", "é", "🌳")), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (parts, offsets) => {
          const bytes = Buffer.from(parts.join(""), "utf8");
          const whole = splitAll([bytes]);
          expect(splitAll(cut(bytes, offsets))).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("gives the same lines whatever the chunk boundaries with a small cap (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("\n", "\r\n", "é")), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.integer({ min: 1, max: 16 }),
        (parts, offsets, cap) => {
          const bytes = Buffer.from(parts.join(""), "utf8");
          const whole = splitAll([bytes], cap);
          const pieces = splitAll(cut(bytes, offsets), cap);
          expect(pieces).toEqual(whole);
          for (const line of pieces) expect(Buffer.byteLength(line.text)).toBeLessThanOrEqual(cap + 3);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reassembles to the input when no line is cut (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().map((s) => s.replace(/[\r\n]/g, "")),
          { maxLength: 20 },
        ),
        (lines) => {
          const text = lines.map((l) => `${l}\n`).join("");
          expect(splitAll([text]).map((l) => l.text)).toEqual(lines);
        },
      ),
    );
  });
});
