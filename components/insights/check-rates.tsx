"use client";

import { ChartFrame } from "@/components/insights/chart-frame";
import { agentName } from "@/lib/agents/names";
import { formatRate, NONE } from "@/lib/insights/format";
import type { CheckRates, InsightsDto } from "@/lib/insights/schema";
import { formatCount } from "@/lib/format";

const LINEAGE: Record<string, string> = { new: "New runs", continue: "Continues", fork: "Forks", restart: "Restarts" };
const CONSULTED: Record<string, string> = { yes: "Consulted earlier sessions", no: "Did not consult" };

type Row = CheckRates["byAgent"][number];

/**
 * The project checks (issue 25): how often checked turns passed, and beside
 * each other the ways turns differ — agent, model, how the turn started (did
 * continuing after a failure help?) and whether it consulted earlier sessions.
 */
export function CheckRatesSummary({ data }: { data: InsightsDto }) {
  const c = data.checks;
  const sections: { title: string; rows: Row[]; label: (key: string) => string }[] = [
    { title: "Agent", rows: c.byAgent, label: agentName },
    { title: "Model", rows: c.byModel, label: (key) => key },
    { title: "How it started", rows: c.byLineage, label: (key) => LINEAGE[key] ?? key },
    { title: "Context", rows: c.byConsulted, label: (key) => CONSULTED[key] ?? key },
  ];
  return (
    <ChartFrame
      title="Checks"
      description="Turns checked by their project's check (set on a project's page) and how often they passed"
      height={96}
      state={{ empty: c.checked === 0 ? "No checked turns yet: give a project a check (npm test, …) on its page." : null }}
    >
      <p className="text-sm" data-slot="check-rate-total">
        <span className="text-2xl font-semibold tracking-tight tabular-nums">{c.passRate === null ? NONE : formatRate(c.passRate)}</span> passed ·{" "}
        {formatCount(c.passed)} of {formatCount(c.checked)} checked turns
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {sections
          .filter((section) => section.rows.length > 0)
          .map((section) => (
            <table key={section.title} className="w-full text-left text-xs" aria-label={`Check pass rate by ${section.title.toLowerCase()}`}>
              <thead className="text-zinc-500">
                <tr>
                  <th className="py-1 pr-2 font-medium">{section.title}</th>
                  <th className="px-2 py-1 text-right font-medium">Checked</th>
                  <th className="py-1 pl-2 text-right font-medium">Passed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {section.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {section.label(row.key)}
                    </th>
                    <td className="px-2 py-1 text-right tabular-nums">{formatCount(row.checked)}</td>
                    <td className="py-1 pl-2 text-right tabular-nums">{row.passRate === null ? NONE : formatRate(row.passRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
      </div>
    </ChartFrame>
  );
}
