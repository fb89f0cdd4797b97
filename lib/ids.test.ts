import { formatId, idKindOf, isUuid, notFoundMessage, parseId } from "@/lib/ids";

describe("human-readable ids", () => {
  it("formats ids", () => {
    expect(formatId("spec", 3)).toBe("SPEC-3");
    expect(formatId("issue", 12)).toBe("ISSUE-12");
  });

  it("parses ids case-insensitively into their canonical form", () => {
    expect(parseId("spec", "spec-3")).toBe("SPEC-3");
    expect(parseId("spec", " Spec-3 ")).toBe("SPEC-3");
    expect(parseId("issue", "ISSUE-7")).toBe("ISSUE-7");
  });

  it("rejects malformed ids and ids of the other kind", () => {
    for (const raw of ["", "SPEC", "SPEC-", "SPEC-0", "SPEC-01", "SPEC-1.5", "SPEC--1", "SPEC-1a", "ISSUE-1", "SPEC-2147483648", "SPEC-1/../2"]) {
      expect(parseId("spec", raw)).toBeNull();
    }
    expect(parseId("spec", "SPEC-2147483647")).toBe("SPEC-2147483647");
    expect(parseId("spec", undefined)).toBeNull();
  });

  it("explains unknown and malformed ids", () => {
    expect(notFoundMessage("spec", "spec-9")).toBe("Spec SPEC-9 not found");
    expect(notFoundMessage("issue", "bogus")).toBe('Issue "bogus" not found: issue ids look like ISSUE-1');
  });

  it("knows sessions (SESS-n) too", () => {
    expect(formatId("session", 42)).toBe("SESS-42");
    expect(parseId("session", "sess-42")).toBe("SESS-42");
    expect(parseId("session", "SESSION-42")).toBeNull();
    expect(notFoundMessage("session", "x")).toBe('Session "x" not found: session ids look like SESS-1');
    expect(idKindOf("Sess-3")).toBe("session");
    expect(idKindOf("issue-3")).toBe("issue");
    expect(idKindOf("nope")).toBeNull();
  });
});

describe("isUuid", () => {
  it("accepts UUIDs in either case and nothing else", () => {
    expect(isUuid("0f8b6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(true);
    expect(isUuid("0F8B6C1E-2A3D-4E5F-8A9B-0C1D2E3F4A5B")).toBe(true);
    expect(isUuid("0f8b6c1e2a3d4e5f8a9b0c1d2e3f4a5b")).toBe(false);
    expect(isUuid("0f8b6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5")).toBe(false);
    expect(isUuid("------------------------------------")).toBe(false);
    expect(isUuid(" 0f8b6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});
