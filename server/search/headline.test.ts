import {
  FRAGMENT_DELIMITER as F,
  HEADLINE_START as S,
  HEADLINE_STOP as E,
  readHeadline,
  REGION_CLOSE as C,
  REGION_OPEN as O,
  withoutMarkers,
} from "@/server/search/headline";

const shown = (result: { snippet: string; highlights: [number, number][] }) => result.highlights.map(([a, b]) => result.snippet.slice(a, b));

describe("readHeadline", () => {
  it("turns ts_headline markers into plain text and ranges", () => {
    expect(readHeadline(`The ${S}login${E} handler checks the ${S}token${E}.`)).toEqual({
      snippet: "The login handler checks the token.",
      highlights: [
        [4, 9],
        [29, 34],
      ],
    });
  });

  it("collapses whitespace and ignores unbalanced or empty markers", () => {
    expect(readHeadline(`a\n\n  ${S}${E}b ${E}c ${S}d`)).toEqual({ snippet: "a b c d", highlights: [] });
  });

  it("hides the words added after a path and highlights them on the path", () => {
    const read = readHeadline(`I wrote src/auth/hello.txt ${O}src ${S}auth${E} hello txt${C} today`);
    expect(read.snippet).toBe("I wrote src/auth/hello.txt today");
    expect(shown(read)).toEqual(["auth"]);
  });

  it("joins neighbouring highlights across punctuation, and a whole-token match with its words", () => {
    expect(shown(readHeadline(`see hello.txt ${O}${S}hello${E} ${S}txt${E}${C}`))).toEqual(["hello.txt"]);
    expect(shown(readHeadline(`see ${S}hello.txt${E} ${O}${S}hello${E} txt${C} now`))).toEqual(["hello.txt"]);
    expect(shown(readHeadline(`${S}token${E}-${S}store${E} and ${S}a${E} ${S}b${E}`))).toEqual(["token-store", "a", "b"]);
  });

  it("joins fragments with an ellipsis, dropping a region a fragment starts or ends inside", () => {
    const read = readHeadline(`auth login.ts${C} first ${S}auth${E}${F}second page.tsx ${O}${S}page${E}`);
    expect(read.snippet).toBe("first auth … second page.tsx");
    expect(shown(read)).toEqual(["auth", "page"]);
  });

  it("moves nothing when the path's words and the region's words disagree", () => {
    expect(readHeadline(`x a.b.c ${O}${S}a${E} b${C}`)).toEqual({ snippet: "x a.b.c", highlights: [] });
  });
});

describe("withoutMarkers", () => {
  it("replaces the marker characters a text may carry", () => {
    expect(withoutMarkers(`a${S}b${E}c${O}d${C}e${F}f\u0006`)).toBe("a b c d e f\u0006");
  });
});
