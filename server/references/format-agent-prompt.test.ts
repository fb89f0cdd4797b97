import { formatAgentPrompt } from "@/server/references/format-agent-prompt";

describe("formatAgentPrompt", () => {
  it("keeps the prompt first and appends each cited item once, marked", () => {
    const text = formatAgentPrompt("Do [[SPEC-1]] for [[ISSUE-2]]", [
      { type: "spec", id: "SPEC-1", title: 'The "auth" <flow>', body: "Use OAuth.\n" },
      { type: "issue", id: "ISSUE-2", title: "Login", body: "", status: "open" },
    ]);
    expect(text.startsWith("Do [[SPEC-1]] for [[ISSUE-2]]\n\n<arbor-references>\n")).toBe(true);
    expect(text).toContain('<spec id="SPEC-1" title="The &quot;auth&quot; &lt;flow&gt;">\nUse OAuth.\n</spec>');
    expect(text).toContain('<issue id="ISSUE-2" title="Login" status="open">\n(no text)\n</issue>');
    expect(text.endsWith("</arbor-references>")).toBe(true);
  });

  it("returns the prompt unchanged when nothing is cited", () => {
    expect(formatAgentPrompt("plain", [])).toBe("plain");
  });

  it("cuts long bodies so the whole text fits one argv element", () => {
    const big = "é".repeat(100_000); // 200,000 bytes
    const text = formatAgentPrompt(
      "p",
      [
        { type: "spec", id: "SPEC-1", title: "A", body: big },
        { type: "spec", id: "SPEC-2", title: "B", body: "short and complete" },
      ],
      10_000,
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(10_000);
    expect(text).toContain("[… cut to fit the prompt; the full text is SPEC-1 in Arbor]");
    expect(text).toContain("short and complete");
    expect(text).not.toContain("\uFFFD");
  });
});
