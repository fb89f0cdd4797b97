import { countOf, describeRange, formatCompact, formatMs, formatRate, formatUsd, meetsTarget } from "@/lib/insights/format";

test("absent values are a dash, never 0", () => {
  for (const f of [formatRate, formatMs, formatCompact, formatUsd]) {
    expect(f(null)).toBe("—");
    expect(f(undefined)).toBe("—");
  }
  expect(formatRate(0)).toBe("0 %");
  expect(formatUsd(0)).toBe("$0");
});

test("numbers read at a glance", () => {
  expect([formatRate(0.8123), formatRate(0.0512), formatRate(1)]).toEqual(["81 %", "5.1 %", "100 %"]);
  expect([formatMs(320), formatMs(1234), formatMs(95_000)]).toEqual(["320 ms", "1.2 s", "1.6 min"]);
  expect([formatCompact(999), formatCompact(45_300), formatCompact(1_234_567), formatCompact(2.5e9)]).toEqual(["999", "45.3k", "1.2M", "2.5B"]);
  expect([formatUsd(0.0012), formatUsd(0.5), formatUsd(12.345), formatUsd(1234)]).toEqual(["$0.0012", "$0.50", "$12.35", "$1,234"]);
  expect(countOf(1200, 4000)).toBe("1,200 of 4,000");
  expect(describeRange("2026-03-01T00:00:00.000Z", "2026-03-15T00:00:00.000Z")).toBe("2026-03-01 → 2026-03-15 (14 days)");
  expect(describeRange(null, "2026-03-15T00:00:00.000Z")).toBe("all time to 2026-03-15");
});

test("targets: floors, ceilings and bands", () => {
  expect(meetsTarget(0.96, 0.95)).toBe(true);
  expect(meetsTarget(4000, 5000, true)).toBe(true);
  expect(meetsTarget(0.7, [0.4, 0.6])).toBe(false);
  expect(meetsTarget(null, 0.95)).toBeNull();
});
