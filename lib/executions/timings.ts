// Where a turn's time went before its agent answered: the hops of the launch
// path, each stamped as epoch milliseconds (with fractions) by the process
// that took it: the web app (request, insert) and the runner (the rest).
// Stored on the execution (executions.timings); shown on the execution page,
// by `arbor show`, and read by bench/fast-turns.ts.

export const TIMING_STEPS = ["requestedAt", "insertedAt", "pickedAt", "claimedAt", "plannedAt", "spawnedAt", "firstLineAt", "sessionAt"] as const;
export type TimingStep = (typeof TIMING_STEPS)[number];
export type Timings = Partial<Record<TimingStep, number>>;

/** What the span ending at each step is called. */
const SPAN_LABELS: Record<Exclude<TimingStep, "requestedAt">, string> = {
  insertedAt: "request → recorded",
  pickedAt: "queue → runner",
  claimedAt: "claimed",
  plannedAt: "launch planned",
  spawnedAt: "agent started",
  firstLineAt: "agent's first line",
  sessionAt: "session id",
};

export type TimingSpan = { step: TimingStep; label: string; ms: number };

/** The spans between consecutive stamped steps (a step not stamped is skipped), and the total. */
export function timingBreakdown(timings: Timings | null | undefined): { spans: TimingSpan[]; totalMs: number } | null {
  if (!timings) return null;
  const stamped = TIMING_STEPS.filter((step) => typeof timings[step] === "number");
  if (stamped.length < 2) return null;
  const spans: TimingSpan[] = [];
  for (let i = 1; i < stamped.length; i++) {
    const step = stamped[i];
    spans.push({ step, label: SPAN_LABELS[step as Exclude<TimingStep, "requestedAt">], ms: timings[step]! - timings[stamped[i - 1]]! });
  }
  return { spans, totalMs: timings[stamped.at(-1)!]! - timings[stamped[0]]! };
}

/** Reads a stored value defensively: only known steps with finite numbers. */
export function parseTimings(value: unknown): Timings | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const out: Timings = {};
  for (const step of TIMING_STEPS) {
    const v = (value as Record<string, unknown>)[step];
    if (typeof v === "number" && Number.isFinite(v)) out[step] = v;
  }
  return Object.keys(out).length ? out : null;
}

/** Now as epoch ms with sub-ms precision (the clock every stamp uses). */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** "0.8 ms", "12 ms", "1.4 s". */
export function formatSpanMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return ms >= 10 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}
