import { sessionExpiry } from "@/server/sessions/session-expiry";

describe("sessionExpiry", () => {
  const now = new Date("2026-11-22T12:00:00.000Z");
  it("flags sessions unused for longer than the agent keeps transcripts", () => {
    expect(sessionExpiry(30, new Date("2026-10-23T12:00:00.001Z"), now)).toEqual({
      retentionDays: 30,
      expiresAt: "2026-11-22T12:00:00.001Z",
      mayHaveExpired: false,
    });
    expect(sessionExpiry(30, new Date("2026-10-23T12:00:00.000Z"), now).mayHaveExpired).toBe(true);
    expect(sessionExpiry(30, new Date("2026-01-01T00:00:00.000Z"), now).mayHaveExpired).toBe(true);
  });
  it("never flags agents whose retention is unknown", () => {
    expect(sessionExpiry(null, new Date(0), now)).toEqual({ retentionDays: null, expiresAt: null, mayHaveExpired: false });
  });
});
