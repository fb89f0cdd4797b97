import { formatSpanMs, parseTimings, timingBreakdown } from "@/lib/executions/timings";

describe("launch timings", () => {
  it("breaks the stamped hops into spans, skipping a hop that was not stamped", () => {
    const t0 = 1_700_000_000_000;
    const breakdown = timingBreakdown({
      requestedAt: t0,
      insertedAt: t0 + 3.5,
      pickedAt: t0 + 9,
      claimedAt: t0 + 11,
      spawnedAt: t0 + 20,
      firstLineAt: t0 + 320,
    });
    expect(breakdown).toEqual({
      spans: [
        { step: "insertedAt", label: "request → recorded", ms: 3.5 },
        { step: "pickedAt", label: "queue → runner", ms: 5.5 },
        { step: "claimedAt", label: "claimed", ms: 2 },
        { step: "spawnedAt", label: "agent started", ms: 9 },
        { step: "firstLineAt", label: "agent's first line", ms: 300 },
      ],
      totalMs: 320,
    });
    expect(timingBreakdown({ requestedAt: t0 })).toBeNull();
    expect(timingBreakdown(null)).toBeNull();
  });

  it("reads stored values defensively", () => {
    expect(parseTimings({ requestedAt: 1, claimedAt: "2", bogus: 3, spawnedAt: Number.NaN })).toEqual({ requestedAt: 1 });
    expect(parseTimings("nope")).toBeNull();
    expect(parseTimings([1, 2])).toBeNull();
    expect(parseTimings({})).toBeNull();
  });

  it("formats spans for people", () => {
    expect([formatSpanMs(0.84), formatSpanMs(12.4), formatSpanMs(1430)]).toEqual(["0.8 ms", "12 ms", "1.4 s"]);
  });
});
