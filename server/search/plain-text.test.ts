import { plainTextOf } from "@/server/search/plain-text";

describe("plainTextOf", () => {
  it.each([
    ["## Plan", "Plan"],
    ["# Title #", "Title"],
    ["- **fix** the [login](http://x/y) `token`", "fix the login token"],
    ["1. first\n2) second", "first\nsecond"],
    ["- [ ] open task\n- [x] done", "open task\ndone"],
    ["> quoted *words*", "quoted words"],
    ["See [[SESS-1]] and [[SPEC-3]]", "See SESS-1 and SPEC-3"],
    ["![diagram](a.png) and [ref text][1]", "diagram and ref text"],
    ["<https://example.com/a>", "https://example.com/a"],
    ['<img src=x onerror="alert(1)"> safe <b>bold</b>', " safe bold"],
    ["<!-- hidden --> shown", " shown"],
    ["a <script>alert(1)</script>b <STYLE>p {}</STYLE>c", "a b c"],
    ["~~old~~ __new__", "old new"],
    ["```ts\nconst a = 1;\n```", "const a = 1;"],
    ["| a | b |\n| --- | --- |\n| 1 | 2 |", "a  b\n\n1  2"],
    ["---", ""],
    ["\\*not emphasis\\*", "*not emphasis*"],
  ])("%j → %j", (markdown, text) => {
    expect(plainTextOf(markdown)).toBe(text);
  });

  it("leaves words that only look like syntax", () => {
    expect(plainTextOf("snake_case_name and 2*3*4 and src/auth/login.ts")).toBe("snake_case_name and 2*3*4 and src/auth/login.ts");
    expect(plainTextOf("a - b and #hashtag")).toBe("a - b and #hashtag");
  });
});
