import { consultedShort, formatChars, summarizeArguments } from "@/lib/mcp/format";

describe("an MCP call's arguments in one line", () => {
  it.each<[Record<string, unknown>, string]>([
    [{}, "no arguments"],
    [{ ref: "SESS-3" }, "ref “SESS-3”"],
    [{ query: "token   expiry\nat midnight", limit: 5 }, "query “token expiry at midnight”, limit 5"],
    [{ title: "x", body: "a".repeat(500) }, `title “x”, body “${"a".repeat(59)}…”`],
    [{ flag: true, none: null, skipped: undefined }, "flag true, none null"],
    [{ list: ["SESS-1", "SESS-2"] }, 'list ["SESS-1","SESS-2"]'],
  ])("%j → %s", (args, line) => {
    expect(summarizeArguments(args)).toBe(line);
  });
});

test("answer sizes and the tree's short mark", () => {
  expect(formatChars(1)).toBe("1 character");
  expect(formatChars(1840)).toBe("1,840 characters");
  expect(formatChars(12_400)).toBe("12.4k characters");
  expect(consultedShort([])).toBe("");
  expect(consultedShort(["SESS-3"])).toBe("SESS-3");
  expect(consultedShort(["SESS-3", "ISSUE-9", "SPEC-1"])).toBe("SESS-3 +2");
});
