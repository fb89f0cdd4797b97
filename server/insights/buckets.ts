import "server-only";
import type { Bucket } from "@/lib/insights/schema";

const DAY = 86_400_000;
/** More points than this make a chart unreadable (and a request heavy). */
export const MAX_BUCKETS = 400;

export type BucketSpan = { key: string; start: Date; end: Date };

/** The UTC day or ISO week (from Monday) `at` falls in, as PostgreSQL's date_trunc gives it. */
export function bucketStart(at: Date, unit: Bucket): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (unit === "day") return day;
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY);
}

/** Every bucket from the one holding `from` to the one holding the last instant before `to`, in order. */
export function bucketSpans(from: Date, to: Date, unit: Bucket): BucketSpan[] {
  const step = unit === "day" ? DAY : 7 * DAY;
  const spans: BucketSpan[] = [];
  for (let start = bucketStart(from, unit); start < to && spans.length <= MAX_BUCKETS; start = new Date(start.getTime() + step)) {
    const end = new Date(start.getTime() + step);
    spans.push({ key: start.toISOString().slice(0, 10), start, end: end < to ? end : to });
  }
  return spans;
}
