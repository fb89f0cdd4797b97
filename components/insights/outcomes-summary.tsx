"use client";

import { Bar, BarChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/insights/chart-frame";
import { VERDICT_COLORS } from "@/components/insights/chart-theme";
import { DrillLink } from "@/components/insights/drill-link";
import type { InsightsDto } from "@/lib/insights/schema";
import { formatCount } from "@/lib/format";

/** How many runs worked, didn't, or are not judged yet, where the verdicts came from, and the signals seen. */
export function OutcomesSummary({ data }: { data: InsightsDto }) {
  const o = data.outcomes;
  const row = [{ name: "Runs", worked: o.worked, failed: o.failed, unjudged: o.unjudged }];
  return (
    <ChartFrame
      title="Outcomes"
      description="Marks by people first, then a session's mark, then signals (an issue closed as done)"
      height={120}
      state={{ empty: data.totals.executions === 0 ? "No executions yet." : null }}
    >
      <div className="text-zinc-500">
        <BarChart responsive layout="vertical" data={row} style={{ width: "100%", height: 48 }} margin={{ left: 0, right: 0, top: 0, bottom: 0 }} barSize={22}>
          <XAxis type="number" hide />
          <YAxis type="category" dataKey="name" hide />
          <Tooltip contentStyle={{ fontSize: 12 }} />
          <Bar dataKey="worked" name="Worked" stackId="o" fill={VERDICT_COLORS.worked} isAnimationActive={false} />
          <Bar dataKey="failed" name="Didn't work" stackId="o" fill={VERDICT_COLORS.failed} isAnimationActive={false} />
          <Bar dataKey="unjudged" name="Not judged" stackId="o" fill={VERDICT_COLORS.unjudged} isAnimationActive={false} />
        </BarChart>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-slot="outcome-counts">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-2.5 rounded-sm" style={{ background: VERDICT_COLORS.worked }} />
          <DrillLink drill={o.drill.worked}>{formatCount(o.worked)}</DrillLink> worked
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-2.5 rounded-sm" style={{ background: VERDICT_COLORS.failed }} />
          <DrillLink drill={o.drill.failed}>{formatCount(o.failed)}</DrillLink> didn&apos;t work
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-2.5 rounded-sm" style={{ background: VERDICT_COLORS.unjudged }} />
          <DrillLink drill={o.drill.unjudged}>{formatCount(o.unjudged)}</DrillLink> not judged
        </span>
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
        {o.bySource
          .filter((s) => s.worked + s.failed > 0)
          .map((s) => (
            <div key={s.source} className="flex justify-between gap-2">
              <dt className="text-zinc-500">{s.label}</dt>
              <dd className="tabular-nums">
                {s.worked} worked · {s.failed} didn&apos;t
              </dd>
            </div>
          ))}
        {o.signals.map((s) => (
          <div key={s.id} className="flex justify-between gap-2">
            <dt className="text-zinc-500">
              Signal: {s.label.toLowerCase()}
              {s.verdict === null ? " (shown, not counted)" : ""}
            </dt>
            <dd className="tabular-nums">
              <DrillLink drill={s.drill}>{formatCount(s.count)}</DrillLink>
            </dd>
          </div>
        ))}
      </dl>
    </ChartFrame>
  );
}
