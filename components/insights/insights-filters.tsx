"use client";

import Link from "next/link";
import { describeRange } from "@/lib/insights/format";
import { insightsHref } from "@/lib/insights/api";
import type { InsightsDto } from "@/lib/insights/schema";

const RANGES = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "365d", label: "Last year" },
  { value: "all", label: "All time" },
];

const FILTER_LABELS: Record<string, string> = {
  issue: "Issue",
  spec: "Spec",
  project: "Project",
  agent: "Agent",
  model: "Model",
  session: "Session",
  lineage: "Started as",
  turns: "Turns",
  tool: "Tool",
};

const select = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** Range, resolution and agent pickers, and the active filters as removable chips. Everything lives in the address. */
export function InsightsFilters({
  params,
  data,
  onChange,
}: {
  params: Record<string, string>;
  data?: InsightsDto;
  onChange: (next: Record<string, string>) => void;
}) {
  const set = (key: string, value: string | undefined) => {
    const next = { ...params };
    if (value) next[key] = value;
    else delete next[key];
    if (key === "since") {
      delete next.from;
      delete next.to;
    }
    onChange(next);
  };
  const custom = Boolean(params.from || params.to);
  const agents = new Set([...(data?.breakdowns.find((b) => b.id === "agent")?.rows.map((r) => r.key ?? "") ?? []), params.agent ?? ""].filter(Boolean));
  const chips = Object.entries(params).filter(([key]) => key in FILTER_LABELS && key !== "agent");
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1.5 text-sm">
          <span className="text-zinc-500">Range</span>
          <select
            className={select}
            value={custom ? "custom" : (params.since ?? "30d")}
            onChange={(e) => set("since", e.target.value === "30d" ? undefined : e.target.value)}
          >
            {custom ? <option value="custom">{data ? describeRange(data.scope.from, data.scope.to) : "Custom"}</option> : null}
            {RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          <span className="text-zinc-500">Per</span>
          <select className={select} value={params.bucket ?? ""} onChange={(e) => set("bucket", e.target.value || undefined)}>
            <option value="">{data ? `${data.scope.bucket} (auto)` : "auto"}</option>
            <option value="day">day</option>
            <option value="week">week</option>
          </select>
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          <span className="text-zinc-500">Agent</span>
          <select className={select} value={params.agent ?? ""} onChange={(e) => set("agent", e.target.value || undefined)}>
            <option value="">all agents</option>
            {[...agents].map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chips.length ? (
        <ul aria-label="Filters" className="flex flex-wrap gap-1.5">
          {chips.map(([key, value]) => (
            <li key={key} className="flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-xs dark:bg-zinc-800">
              <span className="text-zinc-500">{FILTER_LABELS[key]}</span>
              <span className="font-medium">{value}</span>
              <button
                type="button"
                onClick={() => set(key, undefined)}
                aria-label={`Remove the ${FILTER_LABELS[key].toLowerCase()} filter`}
                className="rounded-full px-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700"
              >
                ×
              </button>
            </li>
          ))}
          <li>
            <Link href={insightsHref()} className="text-xs text-emerald-700 hover:underline dark:text-emerald-400">
              Clear all
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
