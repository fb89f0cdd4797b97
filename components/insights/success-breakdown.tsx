"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/insights/chart-frame";
import { AXIS, SERIES_COLORS } from "@/components/insights/chart-theme";
import { DrillLink } from "@/components/insights/drill-link";
import { executionsHref } from "@/lib/insights/api";
import { formatCompact, formatRate, formatUsd, NONE } from "@/lib/insights/format";
import type { Breakdown, GroupRow } from "@/lib/insights/schema";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/format";

type Measure = "worked" | "completed";

const MEASURES: Record<Measure, { label: string; rate: (r: GroupRow) => number | null; count: (r: GroupRow) => [number, number] }> = {
  worked: { label: "Worked (of judged)", rate: (r) => r.workedRate, count: (r) => [r.worked, r.judged] },
  completed: { label: "Completed (of finished)", rate: (r) => r.completionRate, count: (r) => [r.completed, r.finished] },
};

const tokensOf = (r: GroupRow) =>
  r.tokens.inputTokens === null && r.tokens.outputTokens === null ? null : (r.tokens.inputTokens ?? 0) + (r.tokens.outputTokens ?? 0);

/** Success per agent, model, issue, spec and approach, as bars with their counts, and a table whose every number opens its executions. */
export function SuccessBreakdown({ breakdowns }: { breakdowns: Breakdown[] }) {
  const router = useRouter();
  const [dimension, setDimension] = useState(breakdowns[0]?.id ?? "agent");
  const anyJudged = breakdowns.some((b) => b.rows.some((r) => r.judged > 0));
  const [measure, setMeasure] = useState<Measure>(anyJudged ? "worked" : "completed");
  const current = breakdowns.find((b) => b.id === dimension) ?? breakdowns[0];
  const m = MEASURES[measure];
  const rows = current?.rows ?? [];
  const data = rows
    .filter((r) => m.count(r)[1] > 0)
    .map((r) => ({
      label: r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label,
      rate: m.rate(r),
      text: `${formatRate(m.rate(r))} (${m.count(r)[0]}/${m.count(r)[1]})`,
      href: executionsHref(measure === "worked" ? r.judgedDrill : r.drill),
    }));
  const empty =
    rows.length === 0
      ? "No executions to group yet."
      : data.length === 0
        ? measure === "worked"
          ? "Nothing judged here yet: mark runs worked or didn't work (or close issues as done) to see what works."
          : "No finished runs here yet."
        : null;

  return (
    <ChartFrame
      title="What works"
      description="Share of runs that worked, per group; the counts say how much to trust each bar."
      height={Math.max(120, data.length * 30)}
      state={{ empty }}
      actions={
        <div role="radiogroup" aria-label="Measure" className="flex rounded-md border border-zinc-200 text-xs dark:border-zinc-700">
          {(Object.keys(MEASURES) as Measure[]).map((key) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={measure === key}
              onClick={() => setMeasure(key)}
              className={cn("px-2 py-1", measure === key ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "text-zinc-600 dark:text-zinc-300")}
            >
              {MEASURES[key].label}
            </button>
          ))}
        </div>
      }
    >
      <div role="tablist" aria-label="Group by" className="mb-3 flex flex-wrap gap-1">
        {breakdowns.map((b) => (
          <button
            key={b.id}
            type="button"
            role="tab"
            aria-selected={b.id === current?.id}
            onClick={() => setDimension(b.id)}
            className={cn(
              "rounded-md px-2 py-1 text-xs font-medium",
              b.id === current?.id
                ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100"
                : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
            )}
          >
            {b.label}
          </button>
        ))}
      </div>
      {data.length ? (
        <div className="text-zinc-500">
          <BarChart responsive layout="vertical" data={data} style={{ width: "100%", height: Math.max(120, data.length * 30) }} margin={{ left: 8, right: 96 }}>
            <CartesianGrid horizontal={false} strokeOpacity={0.15} />
            <XAxis type="number" domain={[0, 1]} tickFormatter={(v) => formatRate(v)} {...AXIS} />
            <YAxis type="category" dataKey="label" width={170} {...AXIS} />
            <Tooltip formatter={(_v, _n, item) => [item.payload.text, m.label]} contentStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="rate"
              name={m.label}
              fill={SERIES_COLORS[0]}
              maxBarSize={26}
              radius={[0, 3, 3, 0]}
              cursor="pointer"
              onClick={(entry) => router.push((entry as unknown as { payload: { href: string } }).payload.href)}
              isAnimationActive={false}
            >
              <LabelList dataKey="text" position="right" style={{ fontSize: 11, fill: "currentColor" }} />
            </Bar>
          </BarChart>
        </div>
      ) : null}
      {rows.length ? <BreakdownTable breakdown={current!} /> : null}
    </ChartFrame>
  );
}

function BreakdownTable({ breakdown }: { breakdown: Breakdown }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label={`Success by ${breakdown.label.toLowerCase()}`}>
        <thead className="text-zinc-500">
          <tr>
            <th className="py-1 pr-2 font-medium">{breakdown.label}</th>
            <th className="px-2 py-1 text-right font-medium">Runs</th>
            <th className="px-2 py-1 text-right font-medium">Completed</th>
            <th className="px-2 py-1 text-right font-medium">Worked (judged)</th>
            <th className="px-2 py-1 text-right font-medium">Tokens</th>
            <th className="py-1 pl-2 text-right font-medium">Cost</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {breakdown.rows.map((r) => (
            <tr key={r.key ?? "none"}>
              <td className="max-w-[16rem] truncate py-1 pr-2" title={r.label}>
                {r.label}
              </td>
              <td className="px-2 py-1 text-right">
                <DrillLink drill={r.drill}>{formatCount(r.executions)}</DrillLink>
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{r.finished ? `${formatRate(r.completionRate)} (${r.completed}/${r.finished})` : NONE}</td>
              <td className="px-2 py-1 text-right tabular-nums">
                {r.judged ? (
                  <>
                    {formatRate(r.workedRate)} (<DrillLink drill={r.workedDrill}>{r.worked}</DrillLink>/<DrillLink drill={r.judgedDrill}>{r.judged}</DrillLink>)
                  </>
                ) : (
                  NONE
                )}
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCompact(tokensOf(r))}</td>
              <td className="py-1 pl-2 text-right tabular-nums">{formatUsd(r.costUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {breakdown.truncated ? <p className="mt-1 text-xs text-zinc-500">and {breakdown.truncated} more with fewer runs</p> : null}
    </div>
  );
}
