import { compareHref, executionHref, seqFromHash } from "@/lib/hrefs";

describe("hrefs", () => {
  it("builds execution and compare addresses", () => {
    expect(executionHref("abc")).toBe("/executions/abc");
    expect(executionHref("abc", 42)).toBe("/executions/abc#seq-42");
    expect(executionHref("abc", null)).toBe("/executions/abc");
    expect(compareHref("a1", "b2")).toBe("/compare?a=a1&b=b2");
  });

  it("reads the seq of a #seq-<n> hash and nothing else", () => {
    expect(seqFromHash("#seq-7")).toBe(7);
    expect(seqFromHash(new URL(executionHref("x", 1234), "http://h").hash)).toBe(1234);
    expect(seqFromHash("")).toBeNull();
    expect(seqFromHash("#seq-")).toBeNull();
    expect(seqFromHash("#seq-7x")).toBeNull();
    expect(seqFromHash("#other")).toBeNull();
  });
});
