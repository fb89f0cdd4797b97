"use client";

import { ChartFrame } from "@/components/insights/chart-frame";
import { DrillLink } from "@/components/insights/drill-link";
import { formatRate, NONE } from "@/lib/insights/format";
import type { ConsultationSide, InsightsDto, Ratio } from "@/lib/insights/schema";
import { formatCount } from "@/lib/format";

/** "83 % (5/6)", each count opening its executions; a dash when there is nothing to measure. */
function RateCell({ r }: { r: Ratio }) {
  if (r.of === 0) return <>{NONE}</>;
  return (
    <>
      {formatRate(r.value)} (<DrillLink drill={r.drill}>{formatCount(r.count)}</DrillLink>/<DrillLink drill={r.ofDrill}>{formatCount(r.of)}</DrillLink>)
    </>
  );
}

function SideRow({ label, side }: { label: string; side: ConsultationSide }) {
  return (
    <tr>
      <th scope="row" className="py-1 pr-2 font-normal">
        {label}
      </th>
      <td className="px-2 py-1 text-right tabular-nums">
        <DrillLink drill={side.drill}>{formatCount(side.executions)}</DrillLink>
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        <RateCell r={side.succeeded} />
      </td>
      <td className="py-1 pl-2 text-right tabular-nums">
        <RateCell r={side.worked} />
      </td>
    </tr>
  );
}

/**
 * Context continuity: how often turns read earlier sessions through Arbor's
 * MCP server, and how those turns fared beside the others (the design's claim
 * that continuity means fewer failed executions, measured, not assumed).
 */
export function ConsultationSummary({ data }: { data: InsightsDto }) {
  const c = data.consultation;
  return (
    <ChartFrame
      title="Consulting earlier sessions"
      description="Turns whose agent read a session (SESS-n) through Arbor's MCP server, and how they fared beside the others"
      height={96}
      state={{ empty: c.share.of === 0 ? "No executions yet." : null }}
    >
      <p className="text-sm" data-slot="consultation-share">
        <span className="text-2xl font-semibold tracking-tight tabular-nums">{formatRate(c.share.value)}</span> of executions consulted an earlier session:{" "}
        <DrillLink drill={c.share.drill}>{formatCount(c.share.count)}</DrillLink> of <DrillLink drill={c.share.ofDrill}>{formatCount(c.share.of)}</DrillLink>
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-xs" aria-label="Success of turns that consulted earlier sessions and of those that did not">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-1 pr-2 font-medium">Turns that</th>
              <th className="px-2 py-1 text-right font-medium">Runs</th>
              <th className="px-2 py-1 text-right font-medium" title="Completed with nothing refused, of the finished ones">
                Succeeded (finished)
              </th>
              <th className="py-1 pl-2 text-right font-medium">Worked (judged)</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            <SideRow label="consulted a session" side={c.consulted} />
            <SideRow label="did not" side={c.notConsulted} />
          </tbody>
        </table>
      </div>
      {c.consulted.executions > 0 && c.consulted.executions < 20 ? (
        <p className="mt-2 text-xs text-zinc-500">Few turns consulted a session yet: read the difference as a hint, not a result.</p>
      ) : null}
    </ChartFrame>
  );
}
