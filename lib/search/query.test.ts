import { parseSearchQuery, pathWords } from "@/lib/search/query";

describe("parseSearchQuery", () => {
  it("splits words, phrases and exclusions the way websearch_to_tsquery reads them", () => {
    expect(parseSearchQuery('login "session token" -flaky or retry -"old api"')).toEqual({
      positives: ["login", '"session token"', "retry"],
      negatives: ["flaky", '"old api"'],
      fullText: 'login "session token" -flaky or retry -"old api"',
      anyText: 'login or "session token" or retry',
      negativeText: 'flaky or "old api"',
    });
  });

  it("keeps file paths and punctuation inside words, and drops noise", () => {
    expect(parseSearchQuery("src/auth/login.ts  foo-bar  -  ---  OR").positives).toEqual(["src/auth/login.ts", "foo-bar"]);
    expect(parseSearchQuery('"single"').positives).toEqual(["single"]);
    expect(parseSearchQuery('"" "   " "unterminated phrase').positives).toEqual(['"unterminated phrase"']);
    expect(parseSearchQuery("-only -exclusions")).toMatchObject({ positives: [], anyText: "", negativeText: "only or exclusions" });
  });

  it("lets a file name or path also match as the phrase of its words", () => {
    expect(parseSearchQuery("token login.ts")).toMatchObject({
      fullText: 'token login.ts or "login ts"',
      anyText: 'token or login.ts or "login ts"',
    });
    expect(parseSearchQuery("src/auth/login.ts")).toMatchObject({ fullText: 'src/auth/login.ts or "src auth login ts"' });
    // Excluded: neither form may match.
    expect(parseSearchQuery("auth -old.ts")).toMatchObject({
      fullText: 'auth -old.ts -"old ts"',
      negativeText: 'old.ts or "old ts"',
    });
    // Plain and hyphenated words stay as they are (PostgreSQL splits hyphenated words itself).
    expect(parseSearchQuery("hello foo-bar snake_case e.")).toMatchObject({
      fullText: "hello foo-bar snake_case e.",
      anyText: "hello or foo-bar or snake_case or e.",
    });
  });
});

describe("pathWords", () => {
  it.each([
    ["hello.txt", ["hello", "txt"]],
    ["src/auth/login.ts", ["src", "auth", "login", "ts"]],
    ["C:\\work\\app.ts", ["C", "work", "app", "ts"]],
    ["user@example.com", ["user", "example", "com"]],
    ["hello", null],
    ["end.", null],
    ["foo-bar", null],
    ["./", null],
  ])("%s → %j", (term, words) => {
    expect(pathWords(term)).toEqual(words);
  });
});
