"use client";

import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/insights/chart-frame";
import { AXIS, bucketLabel, SERIES_COLORS } from "@/components/insights/chart-theme";
import { DrillLink } from "@/components/insights/drill-link";
import { countOf, formatCompact, formatUsd } from "@/lib/insights/format";
import type { InsightsDto } from "@/lib/insights/schema";

const USAGE_BY = [
  { id: "agent", label: "Agent" },
  { id: "model", label: "Model" },
  { id: "issue", label: "Issue" },
  { id: "spec", label: "Spec" },
];

/**
 * Tokens and cost over time: input + output tokens stacked by agent / model /
 * issue / spec, and the token kinds (input, output, cache reads) with cost.
 * A kind no execution recorded is listed as "not recorded", not drawn as 0.
 */
export function UsageCharts({ data, usageBy, onUsageBy }: { data: InsightsDto; usageBy: string; onUsageBy: (by: string) => void }) {
  const stacked = data.usage.points.map((p) => ({ bucket: p.bucket, ...p.values }));
  const anyTokens = data.tokens.some((t) => t.total !== null);
  const kinds = data.tokenMeasures.filter((m) => data.tokens.find((t) => t.id === m.id)?.total !== null);
  const series = data.series.map((p) => ({ bucket: p.bucket, ...p.tokens, costUsd: p.costUsd }));
  const empty = anyTokens ? null : "No execution in this range recorded token usage yet.";
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <ChartFrame
        title="Tokens over time"
        description="Input and output tokens per bucket, stacked by group"
        state={{ empty }}
        actions={
          <label className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-300">
            by
            <select
              value={usageBy}
              onChange={(e) => onUsageBy(e.target.value)}
              className="rounded border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
            >
              {USAGE_BY.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        }
      >
        <div className="text-zinc-500">
          <AreaChart responsive data={stacked} style={{ width: "100%", height: 220 }} margin={{ left: 0, right: 8 }}>
            <CartesianGrid vertical={false} strokeOpacity={0.15} />
            <XAxis dataKey="bucket" tickFormatter={bucketLabel} minTickGap={24} {...AXIS} />
            <YAxis tickFormatter={(v) => formatCompact(v)} width={48} {...AXIS} />
            <Tooltip labelFormatter={(l) => bucketLabel(String(l))} formatter={(v, name) => [formatCompact(Number(v)), name]} contentStyle={{ fontSize: 12 }} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {data.usage.keys.map((k, i) => (
              <Area
                key={k.key}
                type="monotone"
                dataKey={k.key}
                name={k.label}
                stackId="1"
                stroke={SERIES_COLORS[i % SERIES_COLORS.length]}
                fill={SERIES_COLORS[i % SERIES_COLORS.length]}
                fillOpacity={0.35}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Groups">
          {data.usage.keys.map((k) => (
            <li key={k.key}>
              <DrillLink drill={k.drill}>{k.label}</DrillLink>
            </li>
          ))}
        </ul>
      </ChartFrame>
      <ChartFrame title="Token kinds and cost" description="Cache reads are part of the input tokens" state={{ empty }}>
        <div className="text-zinc-500">
          <LineChart responsive data={series} style={{ width: "100%", height: 220 }} margin={{ left: 0, right: 8 }}>
            <CartesianGrid vertical={false} strokeOpacity={0.15} />
            <XAxis dataKey="bucket" tickFormatter={bucketLabel} minTickGap={24} {...AXIS} />
            <YAxis yAxisId="tokens" tickFormatter={(v) => formatCompact(v)} width={48} {...AXIS} />
            <YAxis yAxisId="cost" orientation="right" tickFormatter={(v) => formatUsd(v)} width={56} {...AXIS} />
            <Tooltip
              labelFormatter={(l) => bucketLabel(String(l))}
              formatter={(v, name) => [name === "Cost" ? formatUsd(Number(v)) : formatCompact(Number(v)), name]}
              contentStyle={{ fontSize: 12 }}
            />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {kinds.map((m, i) => (
              <Line
                key={m.id}
                yAxisId="tokens"
                dataKey={m.id}
                name={m.label}
                stroke={SERIES_COLORS[i]}
                fill={SERIES_COLORS[i]}
                dot={{ r: 2 }}
                strokeWidth={2}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
            <Line
              yAxisId="cost"
              dataKey="costUsd"
              name="Cost"
              stroke={SERIES_COLORS[4]}
              fill={SERIES_COLORS[4]}
              strokeDasharray="4 3"
              dot={{ r: 2 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </LineChart>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
          {data.tokens.map((t) => (
            <div key={t.id}>
              <dt className="text-zinc-500">{t.label}</dt>
              <dd className="font-medium tabular-nums">
                {t.total === null ? "not recorded" : formatCompact(t.total)}
                {t.total !== null && t.recorded < t.of ? (
                  <span className="block font-normal text-zinc-500">recorded for {countOf(t.recorded, t.of)}</span>
                ) : null}
              </dd>
            </div>
          ))}
          <div>
            <dt className="text-zinc-500">Cost</dt>
            <dd className="font-medium tabular-nums">{data.costUsd.total === null ? "not recorded" : formatUsd(data.costUsd.total)}</dd>
          </div>
        </dl>
      </ChartFrame>
    </div>
  );
}
