import { compareVersions, isAtLeast, parseVersion } from "@/server/agents/version";

describe("versions", () => {
  it("parses the version a CLI prints", () => {
    expect(parseVersion("2.1.330 (Claude Code)\n")).toBe("2.1.330");
    expect(parseVersion("codex-cli 0.46.0")).toBe("0.46.0");
    expect(parseVersion("no version here")).toBeNull();
  });

  it("compares numerically, not as text", () => {
    expect(compareVersions("2.1.330", "2.1.99")).toBeGreaterThan(0);
    expect(compareVersions("2.1.330", "2.1.330")).toBe(0);
    expect(compareVersions("2.0.999", "2.1.0")).toBeLessThan(0);
    expect(compareVersions("3", "2.9.9")).toBeGreaterThan(0);
  });

  it("treats an unknown version as too old", () => {
    expect(isAtLeast(null, "1.0.0")).toBe(false);
    expect(isAtLeast("2.1.330", "2.1.330")).toBe(true);
    expect(isAtLeast("2.1.329", "2.1.330")).toBe(false);
  });
});
