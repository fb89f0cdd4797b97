import { cutToBytes, fitDocuments, utf8Bytes } from "@/server/references/prompt-text";

const open = (d: { id: string }) => `<doc ${d.id}>`;
const close = () => "</doc>";

describe("fitDocuments", () => {
  it("keeps every body whole when they fit", () => {
    const docs = [
      { id: "SPEC-1", body: "  alpha  " },
      { id: "ISSUE-2", body: "" },
    ];
    expect(fitDocuments(docs, 1_000, open, close)).toBe("<doc SPEC-1>alpha</doc><doc ISSUE-2>(no text)</doc>");
  });

  it("fits the whole in the budget, a short document leaving room for the long one after it, cuts marked", () => {
    const docs = [
      { id: "SPEC-1", body: "short" },
      { id: "ISSUE-2", body: "é".repeat(2_000) },
      { id: "ISSUE-3", body: "x".repeat(2_000) },
    ];
    const max = 2_000;
    const text = fitDocuments(docs, max, open, close);
    expect(utf8Bytes(text)).toBeLessThanOrEqual(max);
    expect(text.startsWith("<doc SPEC-1>short</doc>")).toBe(true);
    expect(text).toContain("[… cut to fit the prompt; the full text is ISSUE-2 in Arbor]");
    expect(text).toContain("[… cut to fit the prompt; the full text is ISSUE-3 in Arbor]");
    // The two long ones share what the short one left, about evenly.
    const body = (id: string) => text.slice(text.indexOf(`<doc ${id}>`) + open({ id }).length, text.indexOf("</doc>", text.indexOf(`<doc ${id}>`)));
    const [a, b] = [utf8Bytes(body("ISSUE-2")), utf8Bytes(body("ISSUE-3"))];
    expect(Math.abs(a - b)).toBeLessThan(10);
    expect(a + b).toBeGreaterThan(max - 200);
  });

  it("never cuts inside a character", () => {
    expect(cutToBytes("ééé", 3)).toBe("é");
    const text = fitDocuments([{ id: "A", body: "é".repeat(100) }], 100, open, close);
    expect(text).not.toContain("\uFFFD");
  });
});
