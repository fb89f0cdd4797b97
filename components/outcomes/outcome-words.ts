import type { ExecutionOutcome, OutcomeMark } from "@/lib/outcomes/schema";

// How outcomes read in the UI.

export const VERDICT_LABEL = { worked: "Worked", failed: "Didn't work" } as const;

const VIA = { web: "in the browser", cli: "with the CLI", api: "through the API" } as const;

/** "by alice with the CLI" / "in the browser". */
export function markedHow(mark: Pick<OutcomeMark, "markedBy" | "via">): string {
  return [mark.markedBy ? `by ${mark.markedBy}` : null, VIA[mark.via] ?? null].filter(Boolean).join(" ");
}

/** What Insights counts, and why: "Counts as worked: its session SESS-1 was marked so". */
export function effectiveText(o: ExecutionOutcome): string {
  const { verdict, source, signalId } = o.effective;
  if (!verdict) return "Not judged yet: Insights does not count it as worked or failed.";
  const word = verdict === "worked" ? "worked" : "didn't work";
  if (source === "mark") return `Counts as ${word}: marked so.`;
  if (source === "session") return `Counts as ${word}: its session ${o.sessionMark?.sessionId ?? ""} was marked so.`;
  const signal = o.signals.find((s) => s.id === signalId);
  return `Counts as ${word}: ${signal ? signal.label.toLowerCase() : "a signal"} (no one marked it).`;
}
