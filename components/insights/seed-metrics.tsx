"use client";

import { DrillLink } from "@/components/insights/drill-link";
import { MetricCard } from "@/components/insights/metric-card";
import { countOf, formatMs, formatRate, meetsTarget } from "@/lib/insights/format";
import type { InsightsDto, Ratio, SeriesPoint } from "@/lib/insights/schema";
import { formatCount } from "@/lib/format";

/** "12 of 40 finished runs", each number opening its executions. */
function Counted({ r, of }: { r: Ratio; of: string }) {
  if (r.of === 0) return <>nothing to measure yet: no {of}</>;
  return (
    <>
      <DrillLink drill={r.drill}>{formatCount(r.count)}</DrillLink> of <DrillLink drill={r.ofDrill}>{formatCount(r.of)}</DrillLink> {of}
    </>
  );
}

type RateKey = "captureRate" | "resumeSuccess" | "continuationShare" | "forkShare";

/** A share with a floor target: the figure, its counts, the target and its trend. */
function RatioCard({ title, r, of, series, trend }: { title: string; r: Ratio & { target: number }; of: string; series: SeriesPoint[]; trend: RateKey }) {
  return (
    <MetricCard
      title={title}
      value={formatRate(r.value)}
      valueDrill={r.of ? r.drill : undefined}
      detail={<Counted r={r} of={of} />}
      target={`≥ ${formatRate(r.target)}`}
      met={meetsTarget(r.value, r.target)}
      series={series}
      lines={[{ key: "v", name: title, value: (p) => p[trend] }]}
      format={formatRate}
      reference={r.target}
    />
  );
}

/** The seed's "Success Metrics" (spec 003, phases 1–4), live, with their trends. */
export function SeedMetrics({ data }: { data: InsightsDto }) {
  const m = data.metrics;
  const t = m.timeToSession;
  return (
    <section aria-labelledby="seed-metrics" className="space-y-3">
      <h2 id="seed-metrics" className="text-base font-semibold">
        Success metrics
        <span className="ml-2 text-xs font-normal text-zinc-500" title="The success metrics of Arbor's founding spec (spec 003)">
          how well sessions are kept, resumed and forked, against the goals Arbor sets itself
        </span>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <RatioCard title="Session id captured" r={m.sessionCapture} of="finished runs of agents with sessions" series={data.series} trend="captureRate" />
        <MetricCard
          title="Time to session id (p50 / p95)"
          value={`${formatMs(t.p50Ms)} / ${formatMs(t.p95Ms)}`}
          valueDrill={t.timed ? t.drill : undefined}
          detail={
            t.captured ? (
              <>
                over <DrillLink drill={t.drill}>{formatCount(t.timed)}</DrillLink> timed of {formatCount(t.captured)} captures
                {t.timed < t.captured ? " (older runs did not record the time)" : ""}
              </>
            ) : (
              "nothing to measure yet: no session ids captured"
            )
          }
          target={`p95 ≤ ${formatMs(t.targetMs)}`}
          met={meetsTarget(t.p95Ms, t.targetMs, true)}
          series={data.series}
          lines={[
            { key: "p50", name: "p50", value: (p) => p.timeToSessionP50Ms },
            { key: "p95", name: "p95", value: (p) => p.timeToSessionP95Ms },
          ]}
          format={(v) => formatMs(v)}
          reference={t.targetMs}
        />
        <RatioCard title="Resumes that worked" r={m.resumeSuccess} of="finished continues and forks" series={data.series} trend="resumeSuccess" />
        <RatioCard title="Continuations" r={m.continuations} of="executions" series={data.series} trend="continuationShare" />
        <RatioCard title="Forks" r={m.forks} of="executions" series={data.series} trend="forkShare" />
        <MetricCard
          title="Fork chosen over the original"
          value={formatRate(m.forkPreference.value)}
          valueDrill={m.forkPreference.of ? m.forkPreference.drill : undefined}
          detail={
            <>
              <Counted r={m.forkPreference} of="branching points with a preferred line" />
              {m.forkPreference.undecided ? `; ${formatCount(m.forkPreference.undecided)} undecided` : ""}
            </>
          }
          target={`${formatRate(m.forkPreference.target[0])}–${formatRate(m.forkPreference.target[1])}`}
          met={meetsTarget(m.forkPreference.value, m.forkPreference.target)}
          series={data.series}
          lines={[{ key: "v", name: "Fork chosen", value: (p) => p.forkChosen }]}
          format={formatRate}
          reference={m.forkPreference.target}
        />
        <MetricCard
          title="Specs citing sessions"
          value={formatRate(m.specsCitingSessions.value)}
          detail={
            m.specsCitingSessions.of ? (
              <>
                {countOf(m.specsCitingSessions.count, m.specsCitingSessions.of)} specs;{" "}
                <DrillLink drill={m.specsCitingSessions.drill} label="Executions of the sessions specs cite">
                  {formatCount(m.specsCitingSessions.sessionsCited)} sessions cited
                </DrillLink>
              </>
            ) : (
              "nothing to measure yet: no specs"
            )
          }
          target={`≥ ${formatRate(m.specsCitingSessions.target)}`}
          met={meetsTarget(m.specsCitingSessions.value, m.specsCitingSessions.target)}
          series={data.series}
          lines={[{ key: "v", name: "Specs citing", value: (p) => p.specsCitingShare }]}
          format={formatRate}
          reference={m.specsCitingSessions.target}
        />
      </div>
    </section>
  );
}
