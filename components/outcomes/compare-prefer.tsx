"use client";

import { Button } from "@/components/ui/button";
import { shortId } from "@/lib/executions/format";
import { useExecutionOutcome, useMarkExecution } from "@/lib/insights/hooks";

/**
 * Compare view: "Prefer A" / "Prefer B" when the two are alternatives at one
 * branching point (two forks, or a fork and the line it branched from), with
 * the current choice; otherwise says why they cannot be preferred over each other.
 */
export function ComparePrefer({ a, b }: { a: string; b: string }) {
  const outcomeA = useExecutionOutcome(a, { over: b });
  const outcomeB = useExecutionOutcome(b, { over: a });
  const markA = useMarkExecution(a);
  const markB = useMarkExecution(b);
  const o = outcomeA.data;
  if (!o || !outcomeB.data) return null;
  const point = o.over?.branchPointId ?? null;
  if (!point) {
    return (
      <p className="text-xs text-zinc-500" data-testid="compare-prefer">
        These two cannot be preferred over each other: {o.over?.reason ?? "they are not alternatives at one branching point"}.
      </p>
    );
  }
  const stateOf = (outcome: typeof o) => outcome.preferences.find((p) => p.branchPointId === point)?.state ?? null;
  const sides = [
    { label: "A", id: a, state: stateOf(o), mark: markA, over: b },
    { label: "B", id: b, state: stateOf(outcomeB.data), mark: markB, over: a },
  ];
  const error = markA.error ?? markB.error;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Which approach is preferred?" data-testid="compare-prefer">
      {sides.map((s) => (
        <Button
          key={s.label}
          size="sm"
          variant={s.state === "preferred" ? "primary" : "secondary"}
          aria-pressed={s.state === "preferred"}
          disabled={!o.markable || !outcomeB.data.markable || markA.pending || markB.pending}
          onClick={() => (s.state === "preferred" ? s.mark.unmark.mutate("preferred") : s.mark.mark.mutate({ mark: "preferred", over: s.over }))}
        >
          {s.state === "preferred" ? `✓ ${s.label} preferred` : `Prefer ${s.label}`}
        </Button>
      ))}
      <span className="text-xs text-zinc-500">
        alternatives at #{shortId(point)}
        {sides.every((s) => s.state === null) ? " · no choice yet" : ""}
      </span>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error.message}
        </span>
      ) : null}
    </div>
  );
}
