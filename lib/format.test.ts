import { formatCount, formatDateTime, formatRelative, RELATIVE_UNITS } from "@/lib/format";

// The hand-written formats are held equal to Intl's en-US output, which they replace on the
// pages (lib/format.ts says why). Node's ICU writes a narrow no-break space before AM/PM.
const intlDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const intlRelative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
function viaIntl(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) if (Math.abs(seconds) >= size) return intlRelative.format(Math.round(seconds / size), unit);
  return "just now";
}

describe("formatDateTime", () => {
  it.each([
    "2026-11-29T00:00:00.000Z",
    "2026-11-29T11:59:59.000Z",
    "2026-11-29T12:00:00.000Z",
    "2026-11-29T12:05:00.000Z",
    "2026-01-01T23:07:00.000Z",
    "2024-02-29T09:30:00.000Z",
    "1999-12-31T18:45:00.000Z",
  ])("writes %s as Intl does", (iso) => {
    expect(formatDateTime(iso)).toBe(intlDateTime.format(new Date(iso)).replace(/\u202f/g, " "));
  });

  it("gives back text that is not a date (Intl threw)", () => {
    expect(formatDateTime("not a date")).toBe("not a date");
  });
});

describe("formatRelative", () => {
  const now = Date.parse("2026-11-29T12:00:00.000Z");
  const offsets = [
    0, 30, 59, 60, 89, 90, 3599, 3600, 5400, 86_399, 86_400, 129_600, 172_800, 604_800, 907_200, 1_209_600, 2_592_000, 5_184_000, 31_536_000, 47_304_000,
    63_072_000, 31_536_000_000,
  ];
  it.each(offsets.flatMap((s) => [s, -s]))("says %i seconds as Intl does", (offset) => {
    const iso = new Date(now + offset * 1000).toISOString();
    expect(formatRelative(iso, now)).toBe(viaIntl(iso, now));
  });

  it("gives back text that is not a date", () => {
    expect(formatRelative("soon", now)).toBe("soon");
  });
});

describe("formatCount", () => {
  it.each([
    0,
    -0,
    1,
    12,
    999,
    1000,
    1234,
    99_999,
    100_000,
    1_234_567,
    -5,
    -1234,
    2 ** 53 + 2,
    2 ** 60,
    1e21,
    -2.5e22,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ])("writes %p as toLocaleString('en-US') does", (n) => {
    expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });

  const wholeNumbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  it.each([0.4, 0.5, 1.0005, 1234.5, -1234.5, 99_999.5, -0.4])("rounds %p as Intl does to whole numbers", (n) => {
    expect(formatCount(n)).toBe(wholeNumbers.format(n));
  });
});
