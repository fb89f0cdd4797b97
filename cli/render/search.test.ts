import { paintSnippet, renderSearchResults } from "./search";
import { plain } from "./style";

describe("search rendering", () => {
  it("prints each group's title, session and issue (a spec or issue: its id and title), then its hits with links", () => {
    const lines = renderSearchResults(
      [
        {
          sessionId: "SESS-2",
          title: "Fix login",
          issueId: "ISSUE-1",
          issueTitle: "Login broken",
          hits: [
            { kind: "assistant", snippet: "the token\nis stale", href: "/executions/e1#seq-4", matchedAllTerms: true },
            { kind: "file", snippet: "Edit src/a.ts", href: "/executions/e1#seq-5", matchedAllTerms: false },
          ],
        },
        { title: "Other", hits: [{ kind: "prompt", snippet: "tidy", href: "/executions/e2" }] },
        { key: "SPEC-3", kind: "spec", title: "Login rules", hits: [{ kind: "spec", snippet: "Tokens expire after an hour", href: "/specs/SPEC-3" }] },
      ],
      plain,
      (href) => `http://h${href}`,
    );
    expect(lines).toEqual([
      "Fix login  SESS-2 · ISSUE-1 Login broken",
      "  [assistant] the token is stale",
      "              http://h/executions/e1#seq-4",
      "  [file]      Edit src/a.ts (partial)",
      "              http://h/executions/e1#seq-5",
      "",
      "Other",
      "  [prompt]    tidy",
      "              http://h/executions/e2",
      "",
      "SPEC-3 Login rules",
      "  [spec]      Tokens expire after an hour",
      "              http://h/specs/SPEC-3",
    ]);
  });

  it("paints matches only with colors on", () => {
    expect(paintSnippet("a token b", [[2, 7]], plain)).toBe("a token b");
    expect(paintSnippet("a token b", [[2, 7]], { color: true })).toBe("a \x1b[1m\x1b[33mtoken\x1b[39m\x1b[22m b");
    expect(paintSnippet("abc", [[1, 9]], { color: true })).toBe("abc");
  });
});
