import { bounded, oneLine, RESULT_MAX_CHARS, toolAnswer } from "@/server/mcp/tool-answer";

describe("tool answers are bounded", () => {
  it("keeps a short text as it is", () => {
    expect(bounded("short")).toBe("short");
  });

  it("cuts a long text to the bound and says how much was left out", () => {
    const text = bounded("a".repeat(RESULT_MAX_CHARS + 500));
    expect(text.length).toBe(RESULT_MAX_CHARS);
    expect(text).toMatch(/\[cut: \d+ more characters not shown/);
  });

  it("replaces structured content over the bound by the (bounded) text", () => {
    const answer = toolAnswer("the answer", { rows: ["x".repeat(RESULT_MAX_CHARS)] });
    expect(answer.ok && answer.structured).toEqual({ cut: expect.any(String), text: "the answer" });
    const small = toolAnswer("the answer", { rows: ["x"] }, ["SESS-1"]);
    expect(small).toEqual({ ok: true, text: "the answer", structured: { rows: ["x"] }, consulted: ["SESS-1"] });
  });

  it("flattens a line and shortens it", () => {
    expect(oneLine("a\n  b\tc")).toBe("a b c");
    expect(oneLine("abcdef", 4)).toBe("abc…");
  });
});
