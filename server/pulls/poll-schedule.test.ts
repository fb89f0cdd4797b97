import { nextPollAt, POLL_MAX_MS, POLL_MIN_MS } from "@/server/pulls/poll-schedule";

const now = new Date("2026-11-27T12:00:00Z");
const delayOf = (d: Date | null) => (d ? d.getTime() - now.getTime() : null);

describe("nextPollAt", () => {
  it("polls 30 s after a change, doubling while nothing changes, up to 15 min", () => {
    expect(delayOf(nextPollAt({ now, state: "open", changed: true, previousIntervalMs: 600_000, failures: 0 }))).toBe(POLL_MIN_MS);
    expect(delayOf(nextPollAt({ now, state: "open", changed: false, previousIntervalMs: 60_000, failures: 0 }))).toBe(120_000);
    expect(delayOf(nextPollAt({ now, state: "open", changed: false, previousIntervalMs: 600_000, failures: 0 }))).toBe(POLL_MAX_MS);
  });
  it("stops once the PR is closed or merged", () => {
    expect(nextPollAt({ now, state: "merged", changed: true, previousIntervalMs: null, failures: 0 })).toBeNull();
  });
  it("backs off after failures", () => {
    expect(delayOf(nextPollAt({ now, state: "open", changed: false, previousIntervalMs: null, failures: 3 }))).toBe(120_000);
    expect(delayOf(nextPollAt({ now, state: "open", changed: false, previousIntervalMs: null, failures: 30 }))).toBe(POLL_MAX_MS);
  });
});
