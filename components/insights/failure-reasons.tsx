"use client";

import { useRouter } from "next/navigation";
import { Bar, BarChart, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFrame } from "@/components/insights/chart-frame";
import { AXIS } from "@/components/insights/chart-theme";
import { DrillLink } from "@/components/insights/drill-link";
import { executionsHref } from "@/lib/insights/api";
import { formatRate } from "@/lib/insights/format";
import type { InsightsDto } from "@/lib/insights/schema";
import { formatCount } from "@/lib/format";

const LABELS: Record<string, string> = {
  agent_error: "the agent reported an error",
  session_not_found: "session expired or not found",
  exit_nonzero: "the agent exited with an error code",
  runner_lost: "the machine running it stopped meanwhile",
  agent_not_found: "agent CLI not installed",
  agent_unsupported: "agent CLI lacks a needed feature",
  spawn_failed: "could not start the agent",
  none: "no error code",
};

/** Why runs failed, most frequent first; each bar and count opens its executions. */
export function FailureReasons({ data }: { data: InsightsDto }) {
  const router = useRouter();
  const rows = data.failures.rows;
  const bars = rows.map((r) => ({ code: r.code, count: r.count, text: `${r.count} (${formatRate(r.share)})`, href: executionsHref(r.drill) }));
  return (
    <ChartFrame
      title="Failure reasons"
      description={`${formatCount(data.failures.total)} failed or interrupted runs, by error code`}
      height={80}
      state={{ empty: rows.length ? null : "No failed runs in this range." }}
    >
      <div className="text-zinc-500">
        <BarChart responsive layout="vertical" data={bars} style={{ width: "100%", height: Math.max(60, bars.length * 28) }} margin={{ left: 8, right: 72 }}>
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis type="category" dataKey="code" width={140} {...AXIS} />
          <Tooltip contentStyle={{ fontSize: 12 }} formatter={(_v, _n, item) => [item.payload.text, LABELS[item.payload.code] ?? "runs"]} />
          <Bar
            dataKey="count"
            name="Runs"
            fill="#f43f5e"
            maxBarSize={22}
            radius={[0, 3, 3, 0]}
            cursor="pointer"
            isAnimationActive={false}
            onClick={(entry) => router.push((entry as unknown as { payload: { href: string } }).payload.href)}
          >
            <LabelList dataKey="text" position="right" style={{ fontSize: 11, fill: "currentColor" }} />
          </Bar>
        </BarChart>
      </div>
      <ol className="mt-2 space-y-0.5 text-xs" aria-label="Failure reasons">
        {rows.map((r) => (
          <li key={r.code} className="flex justify-between gap-2">
            <span>
              <code className="font-mono">{r.code}</code> <span className="text-zinc-500">{LABELS[r.code] ?? ""}</span>
            </span>
            <DrillLink drill={r.drill} label={`${r.count} runs failed with ${r.code}`}>
              {formatCount(r.count)}
            </DrillLink>
          </li>
        ))}
      </ol>
    </ChartFrame>
  );
}
