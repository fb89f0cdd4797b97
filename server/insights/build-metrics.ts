import "server-only";
import type { Drill, Ratio, SeedMetrics, SeriesPoint } from "@/lib/insights/schema";
import type { BucketSpan } from "@/server/insights/buckets";
import { scopeDrill, type InsightScope } from "@/server/insights/insight-scope";
import type { ForkPreferenceRow } from "@/server/insights/query-fork-preference";
import { EMPTY_SERIES_ROW, type SeriesRow } from "@/server/insights/query-series";
import type { SpecCitationRow } from "@/server/insights/query-spec-citations";
import type { TimeToSessionRow } from "@/server/insights/query-time-to-session";
import { rate } from "@/server/insights/run-aggregate";
import { readTokens } from "@/server/insights/token-measures";

// The seed's "Success Metrics" (spec 003), each with the executions behind its
// numerator and denominator, and their trend per bucket.

/** Targets the seed states (phases 1–4). */
export const SEED_TARGETS = {
  sessionCapture: 0.95,
  timeToSessionMs: 5_000,
  resumeSuccess: 0.9,
  continuations: 0.3,
  forks: 0.1,
  forkPreference: [0.4, 0.6] as [number, number],
  specsCitingSessions: 0.2,
};

type Rows = { series: SeriesRow[]; time: TimeToSessionRow[]; forks: ForkPreferenceRow[]; citations: SpecCitationRow[] };

const byBucket = <T extends { bucket: string | null }>(rows: T[]) => new Map(rows.map((r) => [r.bucket, r]));

function ratio(scope: InsightScope, count: number, of: number, countDrill: Drill, ofDrill: Drill): Ratio {
  return { count, of, value: rate(count, of), drill: scopeDrill(scope, countDrill), ofDrill: scopeDrill(scope, ofDrill) };
}

export function buildMetrics(scope: InsightScope, rows: Rows & { total: SeriesRow }): SeedMetrics {
  const total = rows.total;
  const time = byBucket(rows.time).get(null);
  const forks = byBucket(rows.forks).get(null) ?? { branch_points: 0, decided: 0, fork_chosen: 0 };
  const cited = byBucket(rows.citations).get(null) ?? { specs: 0, citing: 0, sessions: 0 };
  const captureOf = { finished: "yes", sessionAgents: "yes" };
  const resumeOf = { finished: "yes", resumed: "yes" };
  return {
    sessionCapture: { ...ratio(scope, total.captured, total.capture_of, { ...captureOf, captured: "yes" }, captureOf), target: SEED_TARGETS.sessionCapture },
    timeToSession: {
      p50Ms: time?.p50 ?? null,
      p95Ms: time?.p95 ?? null,
      timed: time?.timed ?? 0,
      captured: time?.captured ?? 0,
      targetMs: SEED_TARGETS.timeToSessionMs,
      drill: scopeDrill(scope, { timed: "yes" }),
    },
    resumeSuccess: { ...ratio(scope, total.resume_ok, total.resume_of, { ...resumeOf, captured: "yes" }, resumeOf), target: SEED_TARGETS.resumeSuccess },
    continuations: { ...ratio(scope, total.continues, total.executions, { lineage: "continue" }, {}), target: SEED_TARGETS.continuations },
    forks: { ...ratio(scope, total.forks, total.executions, { lineage: "fork" }, {}), target: SEED_TARGETS.forks },
    forkPreference: {
      ...ratio(scope, forks.fork_chosen, forks.decided, { branchPoint: "yes", preference: "fork" }, { branchPoint: "yes", preference: "decided" }),
      originalChosen: forks.decided - forks.fork_chosen,
      undecided: forks.branch_points - forks.decided,
      target: SEED_TARGETS.forkPreference,
    },
    specsCitingSessions: {
      ...ratio(scope, cited.citing, cited.specs, { citedBySpec: "yes" }, {}),
      sessionsCited: cited.sessions,
      target: SEED_TARGETS.specsCitingSessions,
    },
  };
}

/** One point per bucket of the range, buckets without executions included (counts 0, rates null). */
export function buildSeries(spans: BucketSpan[], rows: Rows): SeriesPoint[] {
  const series = byBucket(rows.series);
  const time = byBucket(rows.time);
  const forks = byBucket(rows.forks);
  const cited = byBucket(rows.citations);
  return spans.map(({ key }) => {
    const s = series.get(key) ?? EMPTY_SERIES_ROW;
    const t = time.get(key);
    const f = forks.get(key);
    const c = cited.get(key);
    return {
      bucket: key,
      executions: s.executions,
      captureRate: rate(s.captured, s.capture_of),
      resumeSuccess: rate(s.resume_ok, s.resume_of),
      continuationShare: rate(s.continues, s.executions),
      forkShare: rate(s.forks, s.executions),
      workedRate: rate(s.worked, s.judged),
      judged: s.judged,
      timeToSessionP50Ms: t?.p50 ?? null,
      timeToSessionP95Ms: t?.p95 ?? null,
      timed: t?.timed ?? 0,
      forkChosen: f ? rate(f.fork_chosen, f.decided) : null,
      preferencesDecided: f?.decided ?? 0,
      specsCitingShare: c ? rate(c.citing, c.specs) : null,
      tokens: readTokens(s),
      costUsd: s.cost_n > 0 ? s.cost : null,
    };
  });
}
