import { canonicalItemId, itemHref, moveItem, parseItemRef } from "@/lib/bundles/items";

describe("bundle item references", () => {
  it("reads bare ids by their shape, canonically", () => {
    expect(parseItemRef(" sess-4 ")).toEqual({ type: "session", id: "SESS-4" });
    expect(parseItemRef("spec-2")).toEqual({ type: "spec", id: "SPEC-2" });
    expect(parseItemRef("ISSUE-3")).toEqual({ type: "issue", id: "ISSUE-3" });
    expect(parseItemRef("ABCDEF0")).toEqual({ type: "commit", id: "abcdef0" });
    expect(parseItemRef("a".repeat(40))).toEqual({ type: "commit", id: "a".repeat(40) });
    for (const bad of ["", "abc123", "a".repeat(41), "xyz1234", "SESS-0", "SPEC-", "BUNDLE-1", "ISSUE-1a"]) expect(parseItemRef(bad)).toBeNull();
  });

  it("checks ids against their declared type", () => {
    expect(canonicalItemId("spec", "spec-9")).toBe("SPEC-9");
    expect(canonicalItemId("spec", "ISSUE-9")).toBeNull();
    expect(canonicalItemId("commit", "1234567")).toBe("1234567");
    expect(canonicalItemId("commit", "123456")).toBeNull();
  });

  it("links to entity pages, commits nowhere", () => {
    expect(itemHref({ type: "session", id: "SESS-1" })).toBe("/sessions/SESS-1");
    expect(itemHref({ type: "commit", id: "abcdef0" })).toBeNull();
  });

  it("moves an item, clamping at the ends", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 9)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a"], 5, 0)).toEqual(["a"]);
  });
});
