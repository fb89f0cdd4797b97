import { describeCounts, renderBundle, renderBundleList } from "./bundles";
import { plain } from "./style";

describe("bundle rendering", () => {
  const bundle = {
    id: "BUNDLE-3",
    name: "Auth",
    description: "Line one\nLine two",
    counts: { session: 1, spec: 2, issue: 0, commit: 1 },
    items: [
      { type: "session", id: "SESS-1", title: "First try", status: "completed" },
      { type: "spec", id: "SPEC-10", title: "Passwords" },
      { type: "spec", id: "SPEC-2", title: null, missing: true },
      { type: "commit", id: "0123456789abcdef0123" },
    ],
  };

  it("lists bundles with their counts", () => {
    expect(describeCounts(bundle)).toBe("1 session, 2 specs, 1 commit");
    expect(describeCounts({})).toBe("empty");
    expect(renderBundleList([bundle, { id: "BUNDLE-10", name: "Empty" }], plain)).toEqual([
      "BUNDLE-3   Auth  1 session, 2 specs, 1 commit",
      "BUNDLE-10  Empty  empty",
    ]);
  });

  it("shows a bundle's items in order, missing ones marked and commits shortened", () => {
    expect(renderBundle(bundle, plain)).toEqual([
      "BUNDLE-3  Auth  (1 session, 2 specs, 1 commit)",
      "  Line one",
      "  Line two",
      "",
      "   1. session  SESS-1        First try  completed",
      "   2. spec     SPEC-10       Passwords",
      "   3. spec     SPEC-2        (no longer exists)",
      "   4. commit   0123456789ab",
    ]);
    expect(renderBundle({ id: "BUNDLE-1", name: "New" }, plain)).toEqual([
      "BUNDLE-1  New  (empty)",
      "",
      "  No items yet: arbor bundle add BUNDLE-1 SESS-1 SPEC-2 …",
    ]);
  });
});
