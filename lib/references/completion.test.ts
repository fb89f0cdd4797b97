import { candidateMatches, idKindOf, insertReference, referenceQueryAt } from "@/lib/references/completion";

describe("referenceQueryAt", () => {
  it.each<[string, number | null, { start: number; text: string } | null]>([
    ["See [[", null, { start: 4, text: "" }],
    ["See [[SPEC-1", null, { start: 4, text: "SPEC-1" }],
    ["See [[check", null, { start: 4, text: "check" }],
    ["See [[two words", null, { start: 4, text: "two words" }],
    ["See [[SPEC-1]] done", null, null],
    ["See [SPEC", null, null],
    ["[[a\nb", null, null],
    ["See [[SPEC-1]] and [[iss", null, { start: 19, text: "iss" }],
    // The caret in the middle: only what is before it counts.
    ["See [[spec and more", 10, { start: 4, text: "spec" }],
  ])("%j (caret %s)", (value, caret, expected) => {
    const at = referenceQueryAt(value, caret ?? value.length);
    expect(at ? { start: at.start, text: at.text } : null).toEqual(expected);
  });
});

describe("insertReference", () => {
  it.each<[string, number | null, string, string, number]>([
    ["See [[che", null, "SPEC-3", "See [[SPEC-3]]", 14],
    ["See [[che and more", 9, "SPEC-3", "See [[SPEC-3]] and more", 14],
    ["See [[che]] later", 9, "ISSUE-2", "See [[ISSUE-2]] later", 15],
    ["[[", null, "SESS-1", "[[SESS-1]]", 10],
  ])("%j → %j", (value, caret, id, text, newCaret) => {
    const query = referenceQueryAt(value, caret ?? value.length)!;
    expect(insertReference(value, query, id)).toEqual({ value: text, caret: newCaret });
  });
});

describe("idKindOf", () => {
  it.each<[string, ReturnType<typeof idKindOf>]>([
    ["SPEC-3", { kind: "spec", number: "3" }],
    ["spec-", { kind: "spec", number: "" }],
    ["sp", { kind: "spec", number: "" }],
    ["iss", { kind: "issue", number: "" }],
    ["ISSUE-12", { kind: "issue", number: "12" }],
    ["sess-4", { kind: "session", number: "4" }],
    ["s", null],
    ["login", null],
    ["spectrum", null],
    ["two words", null],
  ])("%j", (text, expected) => {
    expect(idKindOf(text)).toEqual(expected);
  });
});

describe("candidateMatches", () => {
  const spec = { kind: "spec" as const, id: "SPEC-12", title: "Checkout flow" };
  it.each<[string, boolean]>([
    ["", true],
    ["spec-1", true],
    ["SPEC-12", true],
    ["spec-2", false],
    ["checkout", true],
    ["flow", true],
    ["login", false],
  ])("%j: %s", (text, expected) => {
    expect(candidateMatches(spec, text)).toBe(expected);
  });
});
