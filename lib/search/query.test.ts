import { parseSearchQuery } from "@/lib/search/query";

describe("parseSearchQuery", () => {
  it("splits words, phrases and exclusions the way websearch_to_tsquery reads them", () => {
    expect(parseSearchQuery('login "session token" -flaky or retry -"old api"')).toEqual({
      positives: ["login", '"session token"', "retry"],
      negatives: ["flaky", '"old api"'],
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
});
