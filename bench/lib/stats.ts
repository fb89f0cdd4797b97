import { writeFileSync, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export function summarize(values: number[]) {
  return {
    n: values.length,
    min: Math.min(...values),
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: Math.max(...values),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

export type Summary = ReturnType<typeof summarize>;

/** To two decimals, as the results files keep milliseconds. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export const MB = 1024 * 1024;

export function fmtMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

export function fmtMb(bytes: number): string {
  return `${(bytes / MB).toFixed(0)} MB`;
}

export const RESULTS_DIR = path.join(process.cwd(), "bench", "results");

export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export function readResult<T>(name: string): T | null {
  try {
    return JSON.parse(readFileSync(path.join(RESULTS_DIR, `${name}.json`), "utf8")) as T;
  } catch {
    return null;
  }
}

/** 1-minute load average: other work on the machine skews every number here. */
export function loadAverage(): number {
  return Number(os.loadavg()[0].toFixed(2));
}

/** CLOCK_MONOTONIC in ms (ns resolution). On Linux it is one clock for every process, so stamps taken in an agent process compare with ours. */
export function monoNowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
