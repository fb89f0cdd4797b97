"use client";

import { DrillLink } from "@/components/insights/drill-link";
import { MetricCard } from "@/components/insights/metric-card";
import { countOf, formatMs, formatRate, meetsTarget } from "@/lib/insights/format";
import type { InsightsDto, Ratio } from "@/lib/insights/types";

/** "12 of 40 finished runs", each number opening its executions. */
function Counted({ r, of }: { r: Ratio; of: string }) {
  if (r.of === 0) return <>nothing to measure yet: no {of}</>;
  return (
    <>
      <DrillLink drill={r.drill}>{r.count.toLocaleString("en-US")}</DrillLink> of <DrillLink drill={r.ofDrill}>{r.of.toLocaleString("en-US")}</DrillLink> {of}
    </>
  );
}

/** The seed's "Success Metrics" (spec 003, phases 1–4), live, with their trends. */
export function SeedMetrics({ data }: { data: InsightsDto }) {
  const m = data.metrics;
  const t = m.timeToSession;
  const rate = (v: number) => formatRate(v);
  return (
    <section aria-labelledby="seed-metrics" className="space-y-3">
      <h2 id="seed-metrics" className="text-base font-semibold">
        Success metrics
        <span className="ml-2 text-xs font-normal text-zinc-500">the seed&apos;s targets for sessions, resume and fork</span>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <MetricCard
          title="Session id captured"
          value={formatRate(m.sessionCapture.value)}
          valueDrill={m.sessionCapture.of ? m.sessionCapture.drill : undefined}
          detail={<Counted r={m.sessionCapture} of="finished runs of agents with sessions" />}
          target={`≥ ${formatRate(m.sessionCapture.target)}`}
          met={meetsTarget(m.sessionCapture.value, m.sessionCapture.target)}
          series={data.series}
          lines={[{ key: "v", name: "Captured", value: (p) => p.captureRate }]}
          format={rate}
          reference={m.sessionCapture.target}
        />
        <MetricCard
          title="Time to session id (p50 / p95)"
          value={`${formatMs(t.p50Ms)} / ${formatMs(t.p95Ms)}`}
          valueDrill={t.timed ? t.drill : undefined}
          detail={
            t.captured ? (
              <>
                over <DrillLink drill={t.drill}>{t.timed.toLocaleString("en-US")}</DrillLink> timed of {t.captured.toLocaleString("en-US")} captures
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
        <MetricCard
          title="Resumes that worked"
          value={formatRate(m.resumeSuccess.value)}
          valueDrill={m.resumeSuccess.of ? m.resumeSuccess.drill : undefined}
          detail={<Counted r={m.resumeSuccess} of="finished continues and forks" />}
          target={`≥ ${formatRate(m.resumeSuccess.target)}`}
          met={meetsTarget(m.resumeSuccess.value, m.resumeSuccess.target)}
          series={data.series}
          lines={[{ key: "v", name: "Resumed", value: (p) => p.resumeSuccess }]}
          format={rate}
          reference={m.resumeSuccess.target}
        />
        <MetricCard
          title="Continuations"
          value={formatRate(m.continuations.value)}
          valueDrill={m.continuations.of ? m.continuations.drill : undefined}
          detail={<Counted r={m.continuations} of="executions" />}
          target={`≥ ${formatRate(m.continuations.target)}`}
          met={meetsTarget(m.continuations.value, m.continuations.target)}
          series={data.series}
          lines={[{ key: "v", name: "Continuations", value: (p) => p.continuationShare }]}
          format={rate}
          reference={m.continuations.target}
        />
        <MetricCard
          title="Forks"
          value={formatRate(m.forks.value)}
          valueDrill={m.forks.of ? m.forks.drill : undefined}
          detail={<Counted r={m.forks} of="executions" />}
          target={`≥ ${formatRate(m.forks.target)}`}
          met={meetsTarget(m.forks.value, m.forks.target)}
          series={data.series}
          lines={[{ key: "v", name: "Forks", value: (p) => p.forkShare }]}
          format={rate}
          reference={m.forks.target}
        />
        <MetricCard
          title="Fork chosen over the original"
          value={formatRate(m.forkPreference.value)}
          valueDrill={m.forkPreference.of ? m.forkPreference.drill : undefined}
          detail={
            <>
              <Counted r={m.forkPreference} of="branching points with a preferred line" />
              {m.forkPreference.undecided ? `; ${m.forkPreference.undecided.toLocaleString("en-US")} undecided` : ""}
            </>
          }
          target={`${formatRate(m.forkPreference.target[0])}–${formatRate(m.forkPreference.target[1])}`}
          met={meetsTarget(m.forkPreference.value, m.forkPreference.target)}
          series={data.series}
          lines={[{ key: "v", name: "Fork chosen", value: (p) => p.forkChosen }]}
          format={rate}
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
                  {m.specsCitingSessions.sessionsCited.toLocaleString("en-US")} sessions cited
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
          format={rate}
          reference={m.specsCitingSessions.target}
        />
      </div>
    </section>
  );
}
