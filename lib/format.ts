// Dates are written by hand here, not with Intl: the first Intl object a page
// makes loads the browser's locale data, 18–25 ms of main thread on every
// fresh page load in Chromium on this project's machines, and these two
// formatters were the only Intl objects the issue page and its tree made
// (docs/performance.md, "UI at scale"). The output is Intl's for en-US
// (dateStyle "medium" + timeStyle "short"; RelativeTimeFormat, numeric
// "auto"), held equal to it in lib/format.test.ts.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 29, 2026, 1:05 PM" in the reader's time zone; the text given when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

type Unit = "year" | "month" | "week" | "day" | "hour" | "minute";

/** The units formatRelative counts in, largest first, with their length in seconds. */
export const RELATIVE_UNITS: ReadonlyArray<readonly [Unit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** What en-US says for one unit back or ahead, where it has a word for it. */
const ONE: Partial<Record<Unit, [past: string, future: string]>> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  week: ["last week", "next week"],
  day: ["yesterday", "tomorrow"],
};

/** "3 minutes ago", "yesterday", "just now". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative(Math.round(seconds / size), unit);
  }
  return "just now";
}

function relative(value: number, unit: Unit): string {
  const words = ONE[unit];
  if (words && Math.abs(value) === 1) return value < 0 ? words[0] : words[1];
  const count = Math.abs(value);
  const amount = `${formatCount(count)} ${unit}${count === 1 ? "" : "s"}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/**
 * A count as en-US writes it ("1,234", "-12,000"), by hand for the reason
 * above: the log and the execution page counted with toLocaleString as they
 * rendered. Whole numbers only: a fraction is rounded (half away from zero).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? "NaN" : n > 0 ? "∞" : "-∞";
  const abs = Math.round(Math.abs(n));
  // String() writes a whole number below 1e21 in the shortest digits that read back as it, as Intl does.
  const whole = abs >= 1e21 ? expanded(abs) : String(abs);
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** 1e21 and above, which toFixed writes with an exponent, in digits: their shortest form ("2.5e+22") padded with zeros. */
function expanded(abs: number): string {
  const [mantissa, exponent] = String(abs).split("e+");
  const [head, tail = ""] = mantissa.split(".");
  return `${head}${tail}${"0".repeat(Number(exponent) - tail.length)}`;
}
