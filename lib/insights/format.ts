// How Insights writes its numbers, in the browser and the terminal alike.
// Absent values (nothing to measure, not recorded) are "—", never 0.

import { formatCount } from "@/lib/format";

export const NONE = "—";

/** 0.8123 → "81 %" (one decimal under 10 %); null → "—". */
export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const pct = value * 100;
  return `${pct > 0 && pct < 10 ? pct.toFixed(1) : Math.round(pct)} %`;
}

/** 1234 → "1.2 s", 320 → "320 ms", 95000 → "1.6 min". */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NONE;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** 1234567 → "1.2M", 45300 → "45.3k", 999 → "999". */
export function formatCompact(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE;
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return formatCount(n);
}

export function formatUsd(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE;
  if (n === 0) return "$0";
  return n >= 100 ? `$${formatCount(n)}` : n >= 0.01 ? `$${n.toFixed(2)}` : `$${n.toFixed(4)}`;
}

/** "12 of 40". */
export function countOf(count: number, of: number): string {
  return `${formatCount(count)} of ${formatCount(of)}`;
}

/** Whether a value meets its target (≥ a floor, ≤ a ceiling for times, inside a band); null when there is no value. */
export function meetsTarget(value: number | null, target: number | [number, number], lowerIsBetter = false): boolean | null {
  if (value === null) return null;
  if (Array.isArray(target)) return value >= target[0] && value <= target[1];
  return lowerIsBetter ? value <= target : value >= target;
}

/** The scope in words: "ISSUE-3 · claude · last 30 days". */
export function describeRange(from: string | null, to: string): string {
  const day = (iso: string) => iso.slice(0, 10);
  if (!from) return `all time to ${day(to)}`;
  const days = Math.round((new Date(to).getTime() - new Date(from).getTime()) / 86_400_000);
  return `${day(from)} → ${day(to)} (${days} day${days === 1 ? "" : "s"})`;
}
