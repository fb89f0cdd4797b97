import { z } from "zod";
import { isoDateSchema } from "@/lib/schemas/common";
import { executionListItemSchema } from "@/lib/executions/schema";
import { VERDICTS } from "@/lib/outcomes/constants";

// Insights as the API returns them (GET /api/insights). Shared by the UI, the
// CLI and the server. Every count comes with the filter that lists the
// executions behind it (`drill`: executions-list query parameters), and every
// rate with its numerator and denominator, so small samples show as small.
// (Its query is read by server/insights/insight-scope.ts.)

// ---- Responses ----------------------------------------------------------

/** Query parameters of GET /api/executions (and /executions) selecting the executions behind a number. */
export const drillSchema = z.record(z.string(), z.string());
export type Drill = z.infer<typeof drillSchema>;

/** A share: `count` of `of`; `value` is null when `of` is 0 (nothing to measure yet, not 0 %). */
export const ratioSchema = z.object({ count: z.number(), of: z.number(), value: z.number().nullable(), drill: drillSchema, ofDrill: drillSchema });
export type Ratio = z.infer<typeof ratioSchema>;

export const bucketSchema = z.enum(["day", "week"]);
export type Bucket = z.infer<typeof bucketSchema>;

export const insightsScopeSchema = z.object({
  /** The filters as understood (canonical ids), without the date range. */
  filters: z.record(z.string(), z.string()),
  /** Half-open [from, to), ISO; from is null for "all time". */
  from: isoDateSchema.nullable(),
  to: isoDateSchema,
  bucket: bucketSchema,
  /** The executions list of everything in scope. */
  drill: drillSchema,
});
export type InsightsScope = z.infer<typeof insightsScopeSchema>;

/** Token measures (inputTokens, outputTokens, cacheReadTokens, …): null when no execution recorded it. */
const tokensSchema = z.record(z.string(), z.number().nullable());

export const seriesPointSchema = z.object({
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  bucket: z.string(),
  executions: z.number(),
  captureRate: z.number().nullable(),
  resumeSuccess: z.number().nullable(),
  continuationShare: z.number().nullable(),
  forkShare: z.number().nullable(),
  workedRate: z.number().nullable(),
  judged: z.number(),
  timeToSessionP50Ms: z.number().nullable(),
  timeToSessionP95Ms: z.number().nullable(),
  timed: z.number(),
  forkChosen: z.number().nullable(),
  preferencesDecided: z.number(),
  specsCitingShare: z.number().nullable(),
  /** Null when no execution of the bucket recorded the measure. */
  tokens: tokensSchema,
  costUsd: z.number().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

const targetedRatio = ratioSchema.extend({ target: z.number() });

export const seedMetricsSchema = z.object({
  /** Finished runs of agents that have sessions whose session id was captured. Seed target ≥ 95 %. */
  sessionCapture: targetedRatio,
  /** startedAt → session id captured, over runs where both were recorded. Seed target: visible within 5 s. */
  timeToSession: z.object({
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
    timed: z.number(),
    captured: z.number(),
    targetMs: z.number(),
    drill: drillSchema,
  }),
  /** Finished continues and forks whose agent confirmed the resumed session. Seed target ≥ 90 %. */
  resumeSuccess: targetedRatio,
  /** Continues among all executions. Seed target ≥ 30 %. */
  continuations: targetedRatio,
  /** Forks among all executions. Seed target ≥ 10 %. */
  forks: targetedRatio,
  /** Branching points whose preferred line is a fork, of those with a choice. Seed target 40–60 %. */
  forkPreference: ratioSchema.extend({ originalChosen: z.number(), undecided: z.number(), target: z.tuple([z.number(), z.number()]) }),
  /** Specs that cite at least one session. Seed target ≥ 20 %. */
  specsCitingSessions: ratioSchema.extend({ sessionsCited: z.number(), target: z.number() }),
});
export type SeedMetrics = z.infer<typeof seedMetricsSchema>;

/** How many executions a group has, finished, completed, were judged, worked and did not. */
export const talliesSchema = z.object({
  executions: z.number(),
  finished: z.number(),
  completed: z.number(),
  judged: z.number(),
  worked: z.number(),
  failed: z.number(),
});
export type Tallies = z.infer<typeof talliesSchema>;

export const groupRowSchema = talliesSchema.extend({
  key: z.string().nullable(),
  label: z.string(),
  completionRate: z.number().nullable(),
  workedRate: z.number().nullable(),
  tokens: tokensSchema,
  costUsd: z.number().nullable(),
  drill: drillSchema,
  workedDrill: drillSchema,
  judgedDrill: drillSchema,
});
export type GroupRow = z.infer<typeof groupRowSchema>;

export const breakdownSchema = z.object({ id: z.string(), label: z.string(), rows: z.array(groupRowSchema), truncated: z.number() });
export type Breakdown = z.infer<typeof breakdownSchema>;

export const outcomeCountsSchema = z.object({
  judged: z.number(),
  worked: z.number(),
  failed: z.number(),
  unjudged: z.number(),
  /** Where verdicts came from: "mark", "session" or a signal id. */
  bySource: z.array(z.object({ source: z.string(), label: z.string(), worked: z.number(), failed: z.number() })),
  /** Every signal that holds, with or without a verdict (e.g. archived). */
  signals: z.array(z.object({ id: z.string(), label: z.string(), verdict: z.enum(VERDICTS).nullable(), count: z.number(), drill: drillSchema })),
  drill: z.object({ worked: drillSchema, failed: drillSchema, unjudged: drillSchema }),
});
export type OutcomeCounts = z.infer<typeof outcomeCountsSchema>;

export const usageSeriesSchema = z.object({
  by: z.string(),
  /** Keys in the stack, largest first ("(other)" last). */
  keys: z.array(z.object({ key: z.string(), label: z.string(), drill: drillSchema })),
  points: z.array(z.object({ bucket: z.string(), values: z.record(z.string(), z.number()) })),
  measure: z.literal("tokens"),
});
export type UsageSeries = z.infer<typeof usageSeriesSchema>;

export const tokenTotalsSchema = z.array(z.object({ id: z.string(), label: z.string(), total: z.number().nullable(), recorded: z.number(), of: z.number() }));
export type TokenTotals = z.infer<typeof tokenTotalsSchema>;

/** One side of "does consulting earlier sessions pay": the executions that did, or those that did not. */
export const consultationSideSchema = z.object({
  executions: z.number(),
  drill: drillSchema,
  /** Finished executions that completed with nothing refused (a failed, interrupted or refused run is no success). */
  succeeded: ratioSchema,
  /** Judged executions that worked (marks and signals). */
  worked: ratioSchema,
});
export type ConsultationSide = z.infer<typeof consultationSideSchema>;

/** Turns that read earlier sessions through Arbor's MCP server, and how they fared beside those that did not. */
export const consultationSchema = z.object({
  /** Executions that consulted at least one session (SESS-n), of all in scope. */
  share: ratioSchema,
  consulted: consultationSideSchema,
  notConsulted: consultationSideSchema,
});
export type Consultation = z.infer<typeof consultationSchema>;

/**
 * Fan-out groups (issue 26) among the scope's executions: how many, how many
 * a person picked a member of, and per agent and model how often its member
 * was the pick in those decided groups.
 */
export const groupWinsSchema = z.object({
  groups: z.number(),
  decided: z.number(),
  byAgentModel: z.array(z.object({ agent: z.string(), model: z.string().nullable(), members: z.number(), wins: z.number(), winRate: z.number().nullable() })),
});
export type GroupWins = z.infer<typeof groupWinsSchema>;

const checkRateRowSchema = z.object({ key: z.string(), checked: z.number(), passed: z.number(), passRate: z.number().nullable() });

/**
 * Turns checked by their project's check (issue 25) and how often they
 * passed: overall, per agent, model, lineage (new, continue, fork) and
 * whether the turn consulted earlier sessions ("yes"/"no").
 */
export const checkRatesSchema = z.object({
  checked: z.number(),
  passed: z.number(),
  passRate: z.number().nullable(),
  byAgent: z.array(checkRateRowSchema),
  byModel: z.array(checkRateRowSchema),
  byLineage: z.array(checkRateRowSchema),
  byConsulted: z.array(checkRateRowSchema),
});
export type CheckRates = z.infer<typeof checkRatesSchema>;

/**
 * Sessions across machines (issue 24): the agents' session state Arbor keeps
 * (the project filter applies; the others do not), and the turns in range
 * that resumed a session from Arbor's copy on a runner that lacked it.
 */
export const sessionStateInsightsSchema = z.object({
  sessions: z.number().int(),
  versions: z.number().int(),
  latestBytes: z.number(),
  storedBytes: z.number(),
  restoredTurns: z.number().int(),
});
export type SessionStateInsights = z.infer<typeof sessionStateInsightsSchema>;

export const failureRowSchema = z.object({ code: z.string(), count: z.number(), share: z.number(), drill: drillSchema });
export type FailureRow = z.infer<typeof failureRowSchema>;

/** GET /api/insights */
export const insightsSchema = z.object({
  scope: insightsScopeSchema,
  /** No executions in scope: show an explanation, not zeros. */
  empty: z.boolean(),
  totals: z.object({ executions: z.number(), finished: z.number(), completed: z.number(), running: z.number() }),
  metrics: seedMetricsSchema,
  /** Context continuity: how often turns consulted earlier sessions, and their success beside the others'. */
  consultation: consultationSchema,
  /** Fan-out groups: which agent and model wins when a person picks among several. */
  groupWins: groupWinsSchema,
  /** The project checks' pass rates (issue 25). */
  checks: checkRatesSchema,
  /** The agents' session state kept in PostgreSQL, and the turns that moved (issue 24). */
  sessionState: sessionStateInsightsSchema,
  series: z.array(seriesPointSchema),
  outcomes: outcomeCountsSchema,
  breakdowns: z.array(breakdownSchema),
  tokens: tokenTotalsSchema,
  costUsd: z.object({ total: z.number().nullable(), recorded: z.number() }),
  usage: usageSeriesSchema,
  failures: z.object({ total: z.number(), rows: z.array(failureRowSchema) }),
  /** Token measures in `tokens` / series, in display order. */
  tokenMeasures: z.array(z.object({ id: z.string(), label: z.string() })),
  generatedAt: isoDateSchema,
});
export type InsightsDto = z.infer<typeof insightsSchema>;

/** GET /api/executions with any of Insights' filters: the executions behind a number, newest first, a page at a time. */
export const filteredExecutionsSchema = z.object({
  items: z.array(executionListItemSchema),
  /** How many match in all. */
  total: z.number().int(),
  /** The last execution of this page, to ask for the next one (`before`); null on the last page. */
  nextBefore: z.string().nullable(),
});
export type FilteredExecutions = z.infer<typeof filteredExecutionsSchema>;
