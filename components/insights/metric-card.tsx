"use client";

import type { ReactNode } from "react";
import { Line, LineChart, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { bucketLabel, SERIES_COLORS } from "@/components/insights/chart-theme";
import { DrillLink } from "@/components/insights/drill-link";
import type { Drill, SeriesPoint } from "@/lib/insights/schema";
import { cn } from "@/lib/cn";

export type TrendLine = { key: string; name: string; value: (p: SeriesPoint) => number | null };

/**
 * One of the seed's success metrics: the figure (linked to the executions it
 * counts), how many it is out of, the seed's target and whether it is met,
 * and its trend per bucket as a small line chart with the target drawn in.
 */
export function MetricCard({
  title,
  value,
  valueDrill,
  detail,
  target,
  met,
  series,
  lines,
  format,
  reference,
}: {
  title: string;
  value: string;
  valueDrill?: Drill;
  detail: ReactNode;
  target: string;
  /** null: nothing to compare yet. */
  met: boolean | null;
  series: SeriesPoint[];
  lines: TrendLine[];
  format: (v: number) => string;
  reference?: number | [number, number];
}) {
  const data = series.map((p) => ({ bucket: p.bucket, ...Object.fromEntries(lines.map((l) => [l.key, l.value(p)])) }));
  const hasTrend = data.some((d) => lines.some((l) => d[l.key as keyof typeof d] !== null));
  return (
    <article aria-label={title} className="flex flex-col rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{title}</h3>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50" data-slot="metric-value">
        {valueDrill ? <DrillLink drill={valueDrill}>{value}</DrillLink> : value}
      </p>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{detail}</p>
      <p className="mt-1 flex items-center gap-1.5 text-xs">
        <span className="text-zinc-500">target {target}</span>
        {met === null ? null : (
          <span
            className={cn(
              "rounded px-1.5 py-0.5 font-medium",
              met
                ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
                : "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
            )}
          >
            {met ? "met" : "below"}
          </span>
        )}
      </p>
      <div className="mt-3 text-zinc-400 dark:text-zinc-500" aria-hidden={!hasTrend}>
        {hasTrend ? (
          <LineChart responsive style={{ width: "100%", height: 72 }} data={data} margin={{ top: 4, right: 4, bottom: 0, left: 4 }} accessibilityLayer>
            <XAxis dataKey="bucket" hide />
            <YAxis hide domain={["auto", "auto"]} />
            {Array.isArray(reference) ? (
              <ReferenceArea y1={reference[0]} y2={reference[1]} fill="#10b981" fillOpacity={0.08} stroke="none" ifOverflow="extendDomain" />
            ) : reference !== undefined ? (
              <ReferenceLine y={reference} stroke="#10b981" strokeDasharray="4 3" ifOverflow="extendDomain" />
            ) : null}
            <Tooltip
              labelFormatter={(label) => bucketLabel(String(label))}
              formatter={(v, name) => [typeof v === "number" ? format(v) : "—", name]}
              contentStyle={{ fontSize: 12 }}
            />
            {lines.map((l, i) => (
              <Line
                key={l.key}
                dataKey={l.key}
                name={l.name}
                stroke={SERIES_COLORS[i]}
                fill={SERIES_COLORS[i]}
                strokeWidth={2}
                dot={{ r: 1.5 }}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <p className="flex h-[72px] items-center justify-center text-xs">No trend to draw yet</p>
        )}
      </div>
    </article>
  );
}
