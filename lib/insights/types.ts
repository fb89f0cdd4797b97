// Insights as the API returns them (GET /api/insights). Shared by the UI, the
// CLI and the server. Every count comes with the filter that lists the
// executions behind it (`drill`: executions-list query parameters), and every
// rate with its numerator and denominator, so small samples show as small.

/** Query parameters of GET /api/executions (and /executions) selecting the executions behind a number. */
export type Drill = Record<string, string>;

/** A share: `count` of `of`; `value` is null when `of` is 0 (nothing to measure yet, not 0 %). */
export type Ratio = { count: number; of: number; value: number | null; drill: Drill; ofDrill: Drill };

export type Bucket = "day" | "week";

export type InsightsScope = {
  /** The filters as understood (canonical ids), without the date range. */
  filters: Record<string, string>;
  /** Half-open [from, to), ISO; from is null for "all time". */
  from: string | null;
  to: string;
  bucket: Bucket;
  /** The executions list of everything in scope. */
  drill: Drill;
};

export type SeriesPoint = {
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  bucket: string;
  executions: number;
  captureRate: number | null;
  resumeSuccess: number | null;
  continuationShare: number | null;
  forkShare: number | null;
  workedRate: number | null;
  judged: number;
  timeToSessionP50Ms: number | null;
  timeToSessionP95Ms: number | null;
  timed: number;
  forkChosen: number | null;
  preferencesDecided: number;
  specsCitingShare: number | null;
  /** Token measures (inputTokens, outputTokens, cacheReadTokens, …): null when no execution of the bucket recorded it. */
  tokens: Record<string, number | null>;
  costUsd: number | null;
};

export type SeedMetrics = {
  /** Finished runs of agents that have sessions whose session id was captured. Seed target ≥ 95 %. */
  sessionCapture: Ratio & { target: number };
  /** startedAt → session id captured, over runs where both were recorded. Seed target: visible within 5 s. */
  timeToSession: { p50Ms: number | null; p95Ms: number | null; timed: number; captured: number; targetMs: number; drill: Drill };
  /** Finished continues and forks whose agent confirmed the resumed session. Seed target ≥ 90 %. */
  resumeSuccess: Ratio & { target: number };
  /** Continues among all executions. Seed target ≥ 30 %. */
  continuations: Ratio & { target: number };
  /** Forks among all executions. Seed target ≥ 10 %. */
  forks: Ratio & { target: number };
  /** Branching points whose preferred line is a fork, of those with a choice. Seed target 40–60 %. */
  forkPreference: Ratio & { originalChosen: number; undecided: number; target: [number, number] };
  /** Specs that cite at least one session. Seed target ≥ 20 %. */
  specsCitingSessions: Ratio & { sessionsCited: number; target: number };
};

/** How many executions a group has, finished, completed, were judged, worked and did not. */
export type Tallies = { executions: number; finished: number; completed: number; judged: number; worked: number; failed: number };

export type GroupRow = Tallies & {
  key: string | null;
  label: string;
  completionRate: number | null;
  workedRate: number | null;
  tokens: Record<string, number | null>;
  costUsd: number | null;
  drill: Drill;
  workedDrill: Drill;
  judgedDrill: Drill;
};

export type Breakdown = { id: string; label: string; rows: GroupRow[]; truncated: number };

export type OutcomeCounts = {
  judged: number;
  worked: number;
  failed: number;
  unjudged: number;
  /** Where verdicts came from: "mark", "session" or a signal id. */
  bySource: { source: string; label: string; worked: number; failed: number }[];
  /** Every signal that holds, with or without a verdict (e.g. archived). */
  signals: { id: string; label: string; verdict: "worked" | "failed" | null; count: number; drill: Drill }[];
  drill: { worked: Drill; failed: Drill; unjudged: Drill };
};

export type UsageSeries = {
  by: string;
  /** Keys in the stack, largest first ("(other)" last). */
  keys: { key: string; label: string; drill: Drill }[];
  points: { bucket: string; values: Record<string, number> }[];
  measure: "tokens";
};

export type TokenTotals = { id: string; label: string; total: number | null; recorded: number; of: number }[];

export type FailureRow = { code: string; count: number; share: number; drill: Drill };

export type InsightsDto = {
  scope: InsightsScope;
  /** No executions in scope: show an explanation, not zeros. */
  empty: boolean;
  totals: { executions: number; finished: number; completed: number; running: number };
  metrics: SeedMetrics;
  series: SeriesPoint[];
  outcomes: OutcomeCounts;
  breakdowns: Breakdown[];
  tokens: TokenTotals;
  costUsd: { total: number | null; recorded: number };
  usage: UsageSeries;
  failures: { total: number; rows: FailureRow[] };
  /** Token measures in `tokens` / series, in display order. */
  tokenMeasures: { id: string; label: string }[];
  generatedAt: string;
};
