"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { ConsultationSummary } from "@/components/insights/consultation-summary";
import { GroupWinsSummary } from "@/components/insights/group-wins";
import { CheckRatesSummary } from "@/components/insights/check-rates";
import { SessionStateSummary } from "@/components/insights/session-state-summary";
import { DrillLink } from "@/components/insights/drill-link";
import { FailureReasons } from "@/components/insights/failure-reasons";
import { InsightsFilters } from "@/components/insights/insights-filters";
import { OutcomesSummary } from "@/components/insights/outcomes-summary";
import { SeedMetrics } from "@/components/insights/seed-metrics";
import { SuccessBreakdown } from "@/components/insights/success-breakdown";
import { UsageCharts } from "@/components/insights/usage-charts";
import { ErrorAlert } from "@/components/ui/alert";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { PageHeader } from "@/components/ui/page-header";
import { describeRange } from "@/lib/insights/format";
import { insightsHref } from "@/lib/insights/api";
import { useInsights } from "@/lib/insights/hooks";
import { formatCount } from "@/lib/format";

/**
 * /insights: "which agent / approach works best on our issues, what does it
 * cost, and does resuming / forking pay off?" — the seed's success metrics,
 * outcomes, success per group, tokens and failures, for the executions the
 * address selects (?issue=, ?spec=, ?agent=, ?session=, ?since=, …).
 */
export function InsightsView() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const params = useMemo(() => Object.fromEntries(search?.entries() ?? []), [search]);
  const insights = useInsights(params);
  const navigate = (next: Record<string, string>) => router.replace(`${pathname}?${new URLSearchParams(next).toString()}`, { scroll: false });
  const data = insights.data;
  const scopeWords = data
    ? [...Object.entries(data.scope.filters).map(([k, v]) => `${k} ${v}`), describeRange(data.scope.from, data.scope.to)].join(" · ")
    : undefined;

  return (
    <div className="space-y-6">
      <PageHeader title="Insights" description={scopeWords ?? "How runs turn out, what they cost, and whether resuming and forking pay off."} />
      <InsightsFilters params={params} data={data} onChange={navigate} />
      {insights.isError ? (
        <ErrorAlert title="Could not compute these insights">
          <p>{insights.error.message}</p>
          <Link href={insightsHref()} className="mt-1 inline-block font-medium underline">
            Show all executions instead
          </Link>
        </ErrorAlert>
      ) : !data ? (
        <LoadingBlock label="Computing insights…" />
      ) : data.empty ? (
        <EmptyState title="No executions here yet">
          <p>
            Insights count executions: runs of an agent on an issue, their continues and forks. None were created {data.scope.from ? "in this range" : "yet"}
            {Object.keys(data.scope.filters).length ? " with these filters" : ""}, so there is nothing to measure — not a 0 %.
          </p>
          <p className="mt-2">
            {data.scope.from ? (
              <Link href={insightsHref({ ...params, since: "all" })} className="font-medium text-emerald-700 hover:underline dark:text-emerald-400">
                Look at all time
              </Link>
            ) : null}
            {data.scope.from ? " or " : ""}
            <Link href="/issues" className="font-medium text-emerald-700 hover:underline dark:text-emerald-400">
              run an agent on an issue
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <div className={insights.isFetching ? "space-y-6 opacity-70 transition-opacity" : "space-y-6"} aria-busy={insights.isFetching}>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-slot="insights-totals">
            <DrillLink drill={data.scope.drill}>{formatCount(data.totals.executions)} executions</DrillLink>: {formatCount(data.totals.finished)} finished,{" "}
            {formatCount(data.totals.completed)} completed
            {data.totals.running ? `, ${data.totals.running} still running` : ""}.
          </p>
          <SeedMetrics data={data} />
          <ConsultationSummary data={data} />
          <GroupWinsSummary data={data} />
          <CheckRatesSummary data={data} />
          <SessionStateSummary data={data} />
          <OutcomesSummary data={data} />
          <SuccessBreakdown breakdowns={data.breakdowns} />
          <UsageCharts data={data} usageBy={params.usageBy ?? "agent"} onUsageBy={(by) => navigate({ ...params, usageBy: by })} />
          <FailureReasons data={data} />
        </div>
      )}
    </div>
  );
}
