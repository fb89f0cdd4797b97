import { filesToRestore, insideRoot, parseStoredFiles, sameFiles, type StoredFile } from "@/server/session-state/state-files";

const sha = (c: string) => c.repeat(64);
const file = (path: string, size: number, chunks = [sha("a")]): StoredFile => ({ path, size, chunks });

describe("filesToRestore", () => {
  const stored = [file("p/s.jsonl", 300), file("p/s/tool-results/1.txt", 10)];
  test.each([
    ["nothing here: every file", new Map(), ["p/s.jsonl", "p/s/tool-results/1.txt"]],
    [
      "an older (smaller) copy: written",
      new Map([
        ["p/s.jsonl", { size: 100 }],
        ["p/s/tool-results/1.txt", { size: 10 }],
      ]),
      ["p/s.jsonl"],
    ],
    [
      "the same size: kept",
      new Map([
        ["p/s.jsonl", { size: 300 }],
        ["p/s/tool-results/1.txt", { size: 10 }],
      ]),
      [],
    ],
    [
      "a newer (larger) copy here: kept",
      new Map([
        ["p/s.jsonl", { size: 900 }],
        ["p/s/tool-results/1.txt", null],
      ]),
      ["p/s/tool-results/1.txt"],
    ],
  ])("%s", (_name, local, expected) => {
    expect(filesToRestore(stored, local as Map<string, { size: number } | null>).map((f) => f.path)).toEqual(expected);
  });
});

describe("insideRoot", () => {
  test.each([
    ["a/b.jsonl", "/root/a/b.jsonl"],
    ["../etc/passwd", null],
    ["a/../../x", null],
    ["/etc/passwd", null],
    ["", null],
    ["a//b", null],
    ["./a", null],
    ["a\\..\\b", null],
    ["a\0b", null],
  ])("%j → %j", (relative, expected) => {
    expect(insideRoot("/root", relative)).toBe(expected);
  });
});

test("sameFiles compares paths, sizes and chunks in order", () => {
  expect(sameFiles([file("a", 1)], [file("a", 1)])).toBe(true);
  expect(sameFiles([file("a", 1)], [file("a", 2)])).toBe(false);
  expect(sameFiles([file("a", 1, [sha("a")])], [file("a", 1, [sha("b")])])).toBe(false);
  expect(sameFiles([file("a", 1)], [])).toBe(false);
});

test("parseStoredFiles drops what is malformed", () => {
  expect(parseStoredFiles([file("a", 1), { path: "b", size: "1", chunks: [] }, { path: "c", size: 1, chunks: ["zz"] }, null])).toEqual([file("a", 1)]);
  expect(parseStoredFiles("nope")).toEqual([]);
});
