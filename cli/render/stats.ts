// Insights → terminal tables (`arbor stats`), and an execution's outcome
// (`arbor mark`). Pure.

// Relative, not "@/": the arbor bin loads the CLI through tsx without path aliases.
import { countOf, describeRange, formatCompact, formatMs, formatRate, formatUsd, meetsTarget, NONE } from "../../lib/insights/format";
import type { InsightsDto, Ratio, SeedMetrics } from "@/lib/insights/schema";
import { paint, type Style } from "./style";

function table(rows: string[][], style: Style, header?: string[]): string[] {
  const all = header ? [header, ...rows] : rows;
  const widths = all[0].map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [...(header ? [paint(style, line(header), "dim")] : []), ...rows.map(line)];
}

const verdictMark = (ok: boolean | null, style: Style) => (ok === null ? "" : ok ? paint(style, "✓ met", "green") : paint(style, "✗ below", "yellow"));

type RateMetric = Ratio & { target: number | [number, number] };

/** The seed's rates, in the order `arbor stats` lists them (the time to a session id, not a rate, comes second). */
const RATE_METRICS = [
  ["Session id captured", "sessionCapture"],
  ["Resumes that worked", "resumeSuccess"],
  ["Continuations", "continuations"],
  ["Forks", "forks"],
  ["Fork chosen over original", "forkPreference"],
  ["Specs citing sessions", "specsCitingSessions"],
] as const satisfies readonly (readonly [string, keyof SeedMetrics])[];

/** "≥ 95 %", or a range ("40 %–60 %"). */
const targetText = (target: number | [number, number]) =>
  typeof target === "number" ? `≥ ${formatRate(target)}` : `${formatRate(target[0])}–${formatRate(target[1])}`;

function rateRow(label: string, r: RateMetric, style: Style): string[] {
  return [
    label,
    formatRate(r.value),
    r.of ? countOf(r.count, r.of) : "nothing to measure",
    targetText(r.target),
    verdictMark(meetsTarget(r.value, r.target), style),
  ];
}

export function renderStats(d: InsightsDto, style: Style): string[] {
  const filters = Object.entries(d.scope.filters).map(([k, v]) => `${k} ${v}`);
  const out: string[] = [`${paint(style, `Insights${filters.length ? ` · ${filters.join(" · ")}` : ""}`, "bold")}  ${describeRange(d.scope.from, d.scope.to)}`];
  if (d.empty) {
    out.push("", "No executions in this range and filter yet: run an agent on an issue, or widen --since (e.g. --since all).");
    return out;
  }
  out.push(`${d.totals.executions} executions: ${d.totals.finished} finished, ${d.totals.completed} completed, ${d.totals.running} still running`, "");
  const m = d.metrics;
  const t = m.timeToSession;
  const [captured, ...rates] = RATE_METRICS.map(([label, key]) => rateRow(label, m[key], style));
  out.push(paint(style, "Success metrics (seed 003)", "bold"));
  out.push(
    ...table(
      [
        captured,
        [
          "Time to session id p50 / p95",
          `${formatMs(t.p50Ms)} / ${formatMs(t.p95Ms)}`,
          t.captured ? `${t.timed} timed of ${t.captured}` : "nothing to measure",
          `≤ ${formatMs(t.targetMs)}`,
          verdictMark(meetsTarget(t.p95Ms, t.targetMs, true), style),
        ],
        ...rates,
      ],
      style,
      ["metric", "value", "count", "target", ""],
    ),
    "",
  );
  const o = d.outcomes;
  out.push(
    paint(style, "Outcomes", "bold"),
    `${o.judged} judged: ${o.worked} worked, ${o.failed} didn't; ${o.unjudged} not judged` +
      (o.signals.some((s) => s.count)
        ? ` · signals: ${o.signals
            .filter((s) => s.count)
            .map((s) => `${s.label.toLowerCase()} ${s.count}`)
            .join(", ")}`
        : ""),
    "",
  );
  for (const b of d.breakdowns) {
    if (b.rows.length === 0) continue;
    out.push(paint(style, `By ${b.label.toLowerCase()}`, "bold"));
    out.push(
      ...table(
        b.rows.map((r) => [
          r.label.length > 48 ? `${r.label.slice(0, 47)}…` : r.label,
          String(r.executions),
          r.finished ? `${formatRate(r.completionRate)} (${r.completed}/${r.finished})` : NONE,
          r.judged ? `${formatRate(r.workedRate)} (${r.worked}/${r.judged})` : NONE,
          formatCompact(sumTokens(r.tokens)),
          formatUsd(r.costUsd),
        ]),
        style,
        [b.label.toLowerCase(), "runs", "completed", "worked (judged)", "tokens", "cost"],
      ),
    );
    if (b.truncated) out.push(paint(style, `… and ${b.truncated} more`, "dim"));
    out.push("");
  }
  out.push(paint(style, "Tokens and cost", "bold"));
  out.push(
    ...table(
      [
        ...d.tokens.map((tk) => [tk.label, formatCompact(tk.total), tk.recorded < tk.of ? `recorded for ${countOf(tk.recorded, tk.of)}` : ""]),
        ["Cost", formatUsd(d.costUsd.total), ""],
      ],
      style,
    ),
    "",
  );
  out.push(paint(style, "Failure reasons", "bold"));
  if (d.failures.rows.length === 0) out.push("No failed executions.");
  else
    out.push(
      ...table(
        d.failures.rows.map((f) => [f.code, String(f.count), formatRate(f.share)]),
        style,
      ),
    );
  return out;
}

function sumTokens(tokens: Record<string, number | null>): number | null {
  const input = tokens.inputTokens;
  const output = tokens.outputTokens;
  return input === null && output === null ? null : (input ?? 0) + (output ?? 0);
}

/** An execution's outcome (or a session's mark), as the API answers it. Loose: the CLI reads it defensively. */
export type OutcomeItem = {
  executionId?: string;
  sessionId?: string;
  mark?: { verdict?: string; note?: string; markedBy?: string | null } | null;
  sessionMark?: { verdict?: string; sessionId?: string } | null;
  effective?: { verdict?: string | null; source?: string | null; signalId?: string } | null;
  preferences?: { branchPointId?: string; preferredExecutionId?: string; state?: string }[];
  signals?: { label?: string }[];
};

export function renderOutcome(o: OutcomeItem, style: Style): string[] {
  const subject = o.executionId ? `Execution ${o.executionId}` : `Session ${o.sessionId}`;
  const said = o.mark?.verdict ? `marked ${o.mark.verdict === "failed" ? "didn't work" : "worked"}${o.mark.note ? ` ("${o.mark.note}")` : ""}` : "not marked";
  const lines = [`${paint(style, subject, "bold")}: ${said}`];
  if (o.sessionMark?.verdict) lines.push(`  its session ${o.sessionMark.sessionId}: ${o.sessionMark.verdict === "failed" ? "didn't work" : "worked"}`);
  for (const p of o.preferences ?? []) {
    lines.push(`  at the branching point ${p.branchPointId?.slice(0, 8)}: ${p.state === "preferred" ? paint(style, "preferred", "green") : "not chosen"}`);
  }
  if (o.signals?.length) lines.push(`  signals: ${o.signals.map((s) => s.label).join(", ")}`);
  if (o.effective) lines.push(`  Insights counts it as: ${o.effective.verdict ? (o.effective.verdict === "failed" ? "didn't work" : "worked") : "not judged"}`);
  return lines;
}
