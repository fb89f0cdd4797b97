import { sessionTitleFromPrompt } from "@/lib/sessions/title";

describe("sessionTitleFromPrompt", () => {
  it("puts the first prompt on one line and trims it to 80 characters", () => {
    expect(sessionTitleFromPrompt("  Fix the\n\tlogin   bug  ")).toBe("Fix the login bug");
    const long = sessionTitleFromPrompt("word ".repeat(40));
    expect(Array.from(long)).toHaveLength(80);
    expect(long).toBe(`${"word ".repeat(15)}word…`);
    expect(sessionTitleFromPrompt("a".repeat(80))).toBe("a".repeat(80));
    expect(sessionTitleFromPrompt("🌳".repeat(81))).toBe(`${"🌳".repeat(79)}…`);
    expect(sessionTitleFromPrompt("   ")).toBe("Untitled session");
  });
});
