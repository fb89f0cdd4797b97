"use client";

import Link from "next/link";
import { useState } from "react";
import { effectiveText, markedHow, VERDICT_LABEL } from "@/components/outcomes/outcome-words";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/time";
import { shortId } from "@/lib/executions/format";
import { useExecutionOutcome, useMarkExecution } from "@/lib/insights/hooks";
import { NOTE_MAX, type Verdict } from "@/lib/outcomes/constants";

/**
 * The execution page's outcome control: did it work (with a note), is its
 * line the preferred one at its branching point, what its session and the
 * signals say, and what Insights counts. Editable until changed again; who
 * and when are shown.
 */
export function ExecutionOutcomePanel({ executionId }: { executionId: string }) {
  const outcome = useExecutionOutcome(executionId);
  const { mark, unmark, pending, error } = useMarkExecution(executionId);
  const [note, setNote] = useState<string | null>(null);
  if (outcome.isPending) return null;
  if (outcome.isError) return <ErrorAlert title="Could not load the outcome">{outcome.error.message}</ErrorAlert>;
  const o = outcome.data;
  const current = o.mark?.verdict ?? null;
  const noteValue = note ?? o.mark?.note ?? "";
  const preferredHere = o.preferences.find((p) => p.branchPointId === o.branchPoint?.id && p.state === "preferred");
  const setVerdict = (verdict: Verdict) => {
    if (current === verdict && (note === null || note === o.mark?.note)) unmark.mutate("verdict", { onSuccess: () => setNote(null) });
    else mark.mutate({ mark: verdict, note: noteValue }, { onSuccess: () => setNote(null) });
  };

  return (
    <section
      aria-labelledby="outcome-heading"
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="execution-outcome"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outcome-heading" className="text-base font-semibold">
          Outcome
        </h2>
        <p className="text-xs text-zinc-500" data-slot="effective-outcome">
          {effectiveText(o)}
        </p>
      </div>
      {!o.markable ? <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Still running: mark it once it has finished.</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Did it work?">
        {(["worked", "failed"] as const).map((verdict) => (
          <Button
            key={verdict}
            size="sm"
            variant={current === verdict ? "primary" : "secondary"}
            aria-pressed={current === verdict}
            disabled={!o.markable || pending}
            onClick={() => setVerdict(verdict)}
          >
            {VERDICT_LABEL[verdict]}
          </Button>
        ))}
        {o.branchPoint ? (
          <Button
            size="sm"
            variant={preferredHere ? "primary" : "secondary"}
            aria-pressed={Boolean(preferredHere)}
            disabled={!o.markable || pending}
            title={`Prefer this ${o.branchPoint.line === "fork" ? "fork" : "original line"} over the other alternatives at #${shortId(o.branchPoint.id)}`}
            onClick={() => (preferredHere ? unmark.mutate("preferred") : mark.mutate({ mark: "preferred", note: noteValue }))}
          >
            Preferred
          </Button>
        ) : null}
        <label className="flex min-w-[12rem] flex-1 items-center gap-2 text-sm">
          <span className="sr-only">Note</span>
          <input
            type="text"
            value={noteValue}
            maxLength={NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Note (optional): why"
            disabled={!o.markable || pending}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
        </label>
        {current && note !== null && note !== o.mark?.note ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={pending}
            onClick={() => mark.mutate({ mark: current, note: noteValue }, { onSuccess: () => setNote(null) })}
          >
            Save note
          </Button>
        ) : null}
      </div>
      {error ? <ErrorAlert className="mt-2">{error.message}</ErrorAlert> : null}
      <ul className="mt-3 space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {o.mark ? (
          <li>
            Marked {VERDICT_LABEL[o.mark.verdict].toLowerCase()} {markedHow(o.mark)} <RelativeTime iso={o.mark.updatedAt} />
            {o.mark.note ? <> — &ldquo;{o.mark.note}&rdquo;</> : null}
          </li>
        ) : null}
        {o.sessionMark ? (
          <li>
            Its session{" "}
            <Link className="font-mono hover:underline" href={`/sessions/${o.sessionMark.sessionId}`}>
              {o.sessionMark.sessionId}
            </Link>{" "}
            was marked {VERDICT_LABEL[o.sessionMark.verdict].toLowerCase()} {markedHow(o.sessionMark)}
          </li>
        ) : null}
        {o.preferences.map((p) => (
          <li key={p.branchPointId} data-slot="preference">
            {p.state === "preferred" ? "Preferred" : "Not chosen"} at the branching point{" "}
            <Link className="font-mono hover:underline" href={`/executions/${p.branchPointId}`}>
              #{shortId(p.branchPointId)}
            </Link>
            {p.state === "not_chosen" ? (
              <>
                {" "}
                (chosen:{" "}
                <Link className="font-mono hover:underline" href={`/executions/${p.preferredExecutionId}`}>
                  #{shortId(p.preferredExecutionId)}
                </Link>
                )
              </>
            ) : null}
            {p.note ? <> — &ldquo;{p.note}&rdquo;</> : null}
          </li>
        ))}
        {o.signals.length ? <li>Signals: {o.signals.map((s) => s.label).join(" · ")}</li> : null}
      </ul>
    </section>
  );
}
