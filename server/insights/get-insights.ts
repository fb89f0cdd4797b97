import "server-only";
import type { InsightsDto } from "@/lib/insights/schema";
import { invalidField, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { validate } from "@/server/http/validation";
import { buildBreakdowns, buildUsage } from "@/server/insights/build-breakdowns";
import { buildMetrics, buildSeries } from "@/server/insights/build-metrics";
import { bucketSpans, MAX_BUCKETS } from "@/server/insights/buckets";
import { dimension } from "@/server/insights/dimensions";
import { DEFAULT_SINCE, insightsQuerySchema, resolveScope, scopeDrill } from "@/server/insights/insight-scope";
import { buildConsultation, queryConsultation } from "@/server/insights/query-consultation";
import { queryForkPreference } from "@/server/insights/query-fork-preference";
import { buildGroupWins, queryGroupWins } from "@/server/insights/query-group-wins";
import { buildCheckRates, queryCheckRates } from "@/server/insights/query-check-rates";
import { querySessionState } from "@/server/insights/query-session-state";
import { querySeries, sumSeries, VERDICT_SOURCES } from "@/server/insights/query-series";
import { querySpecCitations } from "@/server/insights/query-spec-citations";
import { queryTimeToSession } from "@/server/insights/query-time-to-session";
import { queryGroups } from "@/server/insights/query-groups";
import { queryUsage } from "@/server/insights/query-usage";
import { readTokens, TOKEN_MEASURES } from "@/server/insights/token-measures";
import { OUTCOME_SIGNALS } from "@/server/outcomes/outcome-signals";

/**
 * GET /api/insights: the seed's success metrics with their trend, outcomes,
 * success and usage per agent / model / issue / spec / approach, and failure
 * reasons, for the executions in scope. Every figure is an aggregate over
 * execution_facts (one row per execution, no events), the queries run in
 * parallel, and every count carries the executions-list filter behind it.
 */
export async function getInsights(query: Record<string, string>, options: { now?: Date } = {}): Promise<Result<InsightsDto>> {
  const parsed = validate(insightsQuerySchema, query);
  if (!parsed.ok) return parsed;
  const resolved = await resolveScope(parsed.value, { bucket: parsed.value.bucket, now: options.now, defaultSince: DEFAULT_SINCE });
  if (!resolved.ok) return resolved;
  const scope = resolved.value;
  const first = scope.from ?? (await prisma.executionFacts.findFirst({ orderBy: { createdAt: "asc" }, select: { createdAt: true } }))?.createdAt ?? scope.to;
  const spans = bucketSpans(first, scope.to, scope.bucket);
  if (spans.length > MAX_BUCKETS)
    return invalidField("bucket", `this range has more than ${MAX_BUCKETS} ${scope.bucket}s: choose bucket=week or a shorter range`);
  const usageBy = dimension(parsed.value.usageBy ?? "agent")!;

  const [series, time, forks, citations, groups, usage, consultation, groupWins, checkRates, sessionState] = await Promise.all([
    querySeries(scope),
    queryTimeToSession(scope),
    queryForkPreference(scope),
    querySpecCitations(
      scope,
      spans.map((s) => ({ key: s.key, end: s.end })),
    ),
    queryGroups(scope),
    queryUsage(scope, usageBy),
    queryConsultation(scope),
    queryGroupWins(scope),
    queryCheckRates(scope),
    querySessionState(scope),
  ]);
  const failureRows = groups.filter((r) => r.dim === "failure").sort((a, b) => b.executions - a.executions || String(a.key).localeCompare(String(b.key)));
  const total = sumSeries(series);
  const rows = { series, time, forks, citations, total };
  const breakdowns = await buildBreakdowns(scope, groups);
  const failedTotal = failureRows.reduce((sum, r) => sum + r.executions, 0);
  const signalLabel = (id: string) => OUTCOME_SIGNALS.find((s) => s.id === id)?.label ?? id;
  const tokens = readTokens(total);

  return ok({
    scope: {
      filters: scope.filters,
      from: scope.from?.toISOString() ?? null,
      to: scope.to.toISOString(),
      bucket: scope.bucket,
      drill: scopeDrill(scope),
    },
    empty: total.executions === 0,
    totals: { executions: total.executions, finished: total.finished, completed: total.completed, running: total.running },
    metrics: buildMetrics(scope, rows),
    consultation: buildConsultation(scope, consultation),
    groupWins: buildGroupWins(groupWins),
    checks: buildCheckRates(checkRates),
    sessionState,
    series: buildSeries(spans, rows),
    outcomes: {
      judged: total.judged,
      worked: total.worked,
      failed: total.failed,
      unjudged: total.executions - total.judged,
      bySource: VERDICT_SOURCES.map((source) => ({
        source,
        label: source === "mark" ? "Marked" : source === "session" ? "Session marked" : signalLabel(source),
        worked: Number(total[`src_${source}_worked`] ?? 0),
        failed: Number(total[`src_${source}_failed`] ?? 0),
      })),
      signals: OUTCOME_SIGNALS.map((s) => ({
        id: s.id,
        label: s.label,
        verdict: s.verdict,
        count: Number(total[`sig_${s.id}`] ?? 0),
        drill: scopeDrill(scope, { signal: s.id }),
      })),
      drill: {
        worked: scopeDrill(scope, { verdict: "worked" }),
        failed: scopeDrill(scope, { verdict: "failed" }),
        unjudged: scopeDrill(scope, { verdict: "none" }),
      },
    },
    breakdowns,
    tokens: TOKEN_MEASURES.map((m) => ({ id: m.id, label: m.label, total: tokens[m.id], recorded: Number(total[`${m.id}_n`] ?? 0), of: total.executions })),
    costUsd: { total: total.cost_n > 0 ? total.cost : null, recorded: total.cost_n },
    usage: buildUsage(scope, usageBy, spans, usage, breakdowns),
    failures: {
      total: failedTotal,
      rows: failureRows.map((r) => ({
        code: r.key!,
        count: r.executions,
        share: failedTotal > 0 ? r.executions / failedTotal : 0,
        drill: scopeDrill(scope, { status: "failed,interrupted", errorCode: r.key! }),
      })),
    },
    tokenMeasures: TOKEN_MEASURES.map(({ id, label }) => ({ id, label })),
    generatedAt: new Date().toISOString(),
  });
}
