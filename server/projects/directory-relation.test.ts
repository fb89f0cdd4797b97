import { directoryRelation, isWithin } from "./directory-relation";

describe("directoryRelation", () => {
  it.each([
    ["/code/shop", "/code/shop", "same"],
    ["/code/shop/src", "/code/shop", "inside"],
    ["/code/shop/src/deep/er", "/code/shop", "inside"],
    ["/code", "/code/shop", "contains"],
    ["/", "/code/shop", "contains"],
    ["/code/shop", "/", "inside"],
    // A common prefix is not a parent.
    ["/code/shop-2", "/code/shop", null],
    ["/code/shop", "/code/shop-2", null],
    ["/code/api", "/code/shop", null],
  ] as const)("%s against %s: %s", (dir, other, expected) => {
    expect(directoryRelation(dir, other)).toBe(expected);
  });

  it.each([
    ["/a", "/a", true],
    ["/a/b", "/a", true],
    ["/ab", "/a", false],
    ["/a", "/a/b", false],
    ["/anything", "/", true],
  ] as const)("isWithin(%s, %s) is %s", (dir, root, expected) => {
    expect(isWithin(dir, root)).toBe(expected);
  });
});
