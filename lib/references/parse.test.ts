import { maskCode, parseReferenceId, parseReferences, referenceHref, splitReferences } from "@/lib/references/parse";

describe("parseReferences", () => {
  it("finds [[SPEC-n]], [[ISSUE-n]] and [[SESS-n]], canonical, once each, in order", () => {
    expect(parseReferences("See [[SESS-42]], then [[issue-7]] and [[Spec-3]]; again [[SESS-42]] and [[ISSUE-7]].")).toEqual([
      { type: "session", id: "SESS-42" },
      { type: "issue", id: "ISSUE-7" },
      { type: "spec", id: "SPEC-3" },
    ]);
  });

  it("ignores anything that is not exactly a reference", () => {
    for (const text of [
      "",
      "SESS-1",
      "[SESS-1]",
      "[[SESS-1]",
      "[[ SESS-1 ]]",
      "[[SESS-0]]",
      "[[SESS-01]]",
      "[[SESSION-1]]",
      "[[TASK-1]]",
      "[[SESS-1a]]",
      "[[SESS-2147483648]]",
      "[[SESS-]]",
    ]) {
      expect(parseReferences(text)).toEqual([]);
    }
    expect(parseReferences("[[SESS-2147483647]]")).toEqual([{ type: "session", id: "SESS-2147483647" }]);
    expect(parseReferences(null)).toEqual([]);
  });

  it("finds references next to other markdown", () => {
    expect(parseReferences("**[[SPEC-1]]**, _[[ISSUE-2]]_, [[[SESS-3]]], - [[SPEC-4]]\n> [[SPEC-5]]")).toEqual([
      { type: "spec", id: "SPEC-1" },
      { type: "issue", id: "ISSUE-2" },
      { type: "session", id: "SESS-3" },
      { type: "spec", id: "SPEC-4" },
      { type: "spec", id: "SPEC-5" },
    ]);
  });

  it("skips references inside code: fenced blocks and inline code", () => {
    const text = [
      "Real [[SPEC-1]], code `[[SPEC-2]]` and ``a `[[SPEC-3]]` b``.",
      "```ts",
      "const x = '[[SPEC-4]]';",
      "```",
      "~~~~",
      "[[SPEC-5]]",
      "```",
      "[[SPEC-6]] still code: a ``` fence does not close a ~~~~ one",
      "~~~~",
      "After [[SPEC-7]].",
      "```",
      "unclosed [[SPEC-8]]",
    ].join("\n");
    expect(parseReferences(text).map((r) => r.id)).toEqual(["SPEC-1", "SPEC-7"]);
  });

  it("masking keeps offsets and line breaks", () => {
    const text = "a `[[SPEC-1]]` b\n```\nx\n```\nc";
    const masked = maskCode(text);
    expect(masked).toHaveLength(text.length);
    expect(masked.split("\n")).toHaveLength(text.split("\n").length);
    expect(masked.startsWith("a ")).toBe(true);
    expect(masked.endsWith("\nc")).toBe(true);
  });
});

describe("splitReferences", () => {
  it("splits text into text and references, keeping what was typed", () => {
    expect(splitReferences("see [[sess-4]] and [[SPEC-1]]!")).toEqual([
      { kind: "text", text: "see " },
      { kind: "reference", ref: { type: "session", id: "SESS-4" }, raw: "[[sess-4]]" },
      { kind: "text", text: " and " },
      { kind: "reference", ref: { type: "spec", id: "SPEC-1" }, raw: "[[SPEC-1]]" },
      { kind: "text", text: "!" },
    ]);
    expect(splitReferences("nothing here")).toEqual([{ kind: "text", text: "nothing here" }]);
    expect(splitReferences("[[ISSUE-2]]")).toEqual([{ kind: "reference", ref: { type: "issue", id: "ISSUE-2" }, raw: "[[ISSUE-2]]" }]);
  });
});

describe("parseReferenceId / referenceHref", () => {
  it("parses bare ids of any type and links them to their pages", () => {
    expect(parseReferenceId(" sess-3 ")).toEqual({ type: "session", id: "SESS-3" });
    expect(parseReferenceId("[[SESS-3]]")).toBeNull();
    expect(parseReferenceId("SESSION-3")).toBeNull();
    expect(referenceHref({ type: "session", id: "SESS-3" })).toBe("/sessions/SESS-3");
    expect(referenceHref({ type: "issue", id: "ISSUE-3" })).toBe("/issues/ISSUE-3");
    expect(referenceHref({ type: "spec", id: "SPEC-3" })).toBe("/specs/SPEC-3");
  });
});
