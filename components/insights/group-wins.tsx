"use client";

import { ChartFrame } from "@/components/insights/chart-frame";
import { agentName } from "@/lib/agents/names";
import { formatRate, NONE } from "@/lib/insights/format";
import type { InsightsDto } from "@/lib/insights/schema";
import { formatCount } from "@/lib/format";

/**
 * Fan-out groups (issue 26): when a person sent one prompt to several agents
 * or models and picked one, which agent and model won, and how often. Only
 * decided groups count: an unpicked group says nothing about a winner.
 */
export function GroupWinsSummary({ data }: { data: InsightsDto }) {
  const g = data.groupWins;
  return (
    <ChartFrame
      title="Agents compared side by side"
      description="Fan-out groups (one prompt to several agents or models) and which member a person picked"
      height={96}
      state={{ empty: g.groups === 0 ? "No fan-out groups yet: tick “Several agents” on an issue's run form." : null }}
    >
      <p className="text-sm" data-slot="group-wins-totals">
        <span className="text-2xl font-semibold tracking-tight tabular-nums">{formatCount(g.groups)}</span> group{g.groups === 1 ? "" : "s"},{" "}
        {formatCount(g.decided)} with a pick
      </p>
      {g.byAgentModel.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-xs" aria-label="How often each agent and model was picked">
            <thead className="text-zinc-500">
              <tr>
                <th className="py-1 pr-2 font-medium">Agent</th>
                <th className="px-2 py-1 font-medium">Model</th>
                <th className="px-2 py-1 text-right font-medium" title="Members of decided groups">
                  Members
                </th>
                <th className="px-2 py-1 text-right font-medium">Picked</th>
                <th className="py-1 pl-2 text-right font-medium">Win rate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {g.byAgentModel.map((row) => (
                <tr key={`${row.agent}|${row.model ?? ""}`}>
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {agentName(row.agent)}
                  </th>
                  <td className="px-2 py-1 font-mono">{row.model ?? <span className="font-sans text-zinc-500">its default</span>}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatCount(row.members)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatCount(row.wins)}</td>
                  <td className="py-1 pl-2 text-right tabular-nums">{row.winRate === null ? NONE : formatRate(row.winRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </ChartFrame>
  );
}
