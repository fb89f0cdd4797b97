import "server-only";
import type { Breakdown, GroupRow, UsageSeries } from "@/lib/insights/schema";
import { prisma } from "@/server/db";
import type { BucketSpan } from "@/server/insights/buckets";
import { DIMENSIONS, type Dimension } from "@/server/insights/dimensions";
import { scopeDrill, type InsightScope } from "@/server/insights/insight-scope";
import type { GroupRow as Row } from "@/server/insights/query-groups";
import { OTHER, type UsageRow } from "@/server/insights/query-usage";
import { rate } from "@/server/insights/run-aggregate";
import { readTokens } from "@/server/insights/token-measures";

/** Rows shown per dimension with many groups (issues, specs, tools); the rest are counted in `truncated`. */
export const BREAKDOWN_TOP = 15;

const LINEAGE_LABELS: Record<string, string> = { new: "New run", continue: "Continue", fork: "Fork", restart: "Fresh start" };

/** "ISSUE-3 · Title" for issues and specs; plain keys otherwise; NULL is "none". */
async function labeller(rows: Row[]): Promise<(d: Dimension, key: string | null) => string> {
  const ids = (dim: string) => rows.filter((r) => r.dim === dim && r.key).map((r) => r.key!);
  const [issues, specs] = await Promise.all([
    prisma.issue.findMany({ where: { id: { in: ids("issue") } }, select: { id: true, title: true } }),
    prisma.spec.findMany({ where: { id: { in: ids("spec") } }, select: { id: true, title: true } }),
  ]);
  const titles = new Map([...issues, ...specs].map((e) => [e.id, e.title]));
  return (d, key) => {
    if (key === null) return d.id === "model" ? "not reported" : d.id === "spec" ? "no spec" : "none";
    if (d.id === "lineage") return LINEAGE_LABELS[key] ?? key;
    if (d.id === "turns") return `${key} turn${key === "1" ? "" : "s"}`;
    const title = titles.get(key);
    return title ? `${key} · ${title}` : key;
  };
}

export async function buildBreakdowns(scope: InsightScope, rows: Row[]): Promise<Breakdown[]> {
  const label = await labeller(rows);
  return DIMENSIONS.map((d) => {
    const mine = rows.filter((r) => r.dim === d.id);
    const order = d.order ?? [];
    mine.sort((a, b) => {
      const ia = order.indexOf(a.key ?? "");
      const ib = order.indexOf(b.key ?? "");
      if (ia >= 0 || ib >= 0) return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib);
      return b.executions - a.executions || String(a.key).localeCompare(String(b.key));
    });
    const shown = d.many ? mine.slice(0, BREAKDOWN_TOP) : mine;
    return {
      id: d.id,
      label: d.label,
      truncated: mine.length - shown.length,
      rows: shown.map((r): GroupRow => {
        const filter = { [d.id]: r.key ?? "none" };
        return {
          key: r.key,
          label: label(d, r.key),
          executions: r.executions,
          finished: r.finished,
          completed: r.completed,
          judged: r.judged,
          worked: r.worked,
          failed: r.failed,
          completionRate: rate(r.completed, r.finished),
          workedRate: rate(r.worked, r.judged),
          tokens: readTokens(r),
          costUsd: r.cost_n > 0 ? r.cost : null,
          drill: scopeDrill(scope, filter),
          workedDrill: scopeDrill(scope, { ...filter, verdict: "worked" }),
          judgedDrill: scopeDrill(scope, { ...filter, verdict: "judged" }),
        };
      }),
    };
  });
}

/** The stacked tokens-over-time chart: one value per bucket and group key (0 where a group used none), largest first, "(other)" last. */
export function buildUsage(scope: InsightScope, by: Dimension, spans: BucketSpan[], rows: UsageRow[], breakdowns: Breakdown[]): UsageSeries {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.key ?? "none", (totals.get(r.key ?? "none") ?? 0) + Number(r.tokens));
  const keys = [...totals.keys()].sort((a, b) => (a === OTHER ? 1 : b === OTHER ? -1 : totals.get(b)! - totals.get(a)! || a.localeCompare(b)));
  const labels = new Map((breakdowns.find((b) => b.id === by.id)?.rows ?? []).map((r) => [r.key ?? "none", r.label]));
  const points = spans.map(({ key: bucket }) => ({ bucket, values: Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number> }));
  const index = new Map(points.map((p, i) => [p.bucket, i]));
  for (const r of rows) {
    const i = index.get(r.bucket);
    if (i !== undefined) points[i].values[r.key ?? "none"] += Number(r.tokens);
  }
  return {
    by: by.id,
    measure: "tokens",
    keys: keys.map((key) => ({
      key,
      label: key === OTHER ? "Other" : (labels.get(key) ?? key),
      // "(other)" has no single filter: it opens the whole scope.
      drill: scopeDrill(scope, key === OTHER ? {} : { [by.id]: key === "none" ? "none" : key }),
    })),
    points,
  };
}
