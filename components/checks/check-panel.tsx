"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { CheckBadge, checkCanContinue } from "@/components/checks/check-badge";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { ExecutionLink } from "@/components/ui/text-link";
import { checkFailurePrompt } from "@/lib/checks/check-rules";
import { useContinueWithCheck, useExecutionCheck } from "@/lib/checks/hooks";
import type { CheckResult, ExecutionCheck, ExecutionDto } from "@/lib/executions/schema";
import { formatDuration } from "@/lib/executions/format";
import { executionHref } from "@/lib/hrefs";
import { formatCount } from "@/lib/format";

/** The end of the check's output, folded: most of the time the summary says enough. */
function CheckOutput({ data }: { data: ExecutionCheck }) {
  const lines = data.output;
  return (
    <details data-slot="check-output" className="rounded-md border border-zinc-200 dark:border-zinc-800">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
        Output <span className="font-normal text-zinc-500">({lines.length === 0 ? "none" : `last ${lines.length} line${lines.length === 1 ? "" : "s"}`})</span>
      </summary>
      <div className="space-y-1 border-t border-zinc-200 p-3 dark:border-zinc-800">
        {data.omittedLines > 0 ? <p className="text-xs text-zinc-500">{formatCount(data.omittedLines)} earlier lines not shown</p> : null}
        {lines.length ? (
          <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-950 p-2 font-mono text-xs text-zinc-100">
            {lines.map((l, i) => (
              <span key={i} className={l.stream === "stderr" ? "text-red-300" : undefined}>
                {l.text}
                {"\n"}
              </span>
            ))}
          </pre>
        ) : (
          <p className="text-xs text-zinc-500">It printed nothing.</p>
        )}
        {data.droppedBytes > 0 ? (
          <p className="text-xs text-amber-700 dark:text-amber-400">output cut: {formatCount(data.droppedBytes)} bytes dropped</p>
        ) : null}
      </div>
    </details>
  );
}

/** One click continues the session with the failing output; the person may add a note after it. */
function ContinueWithFailure({ execution, check, tail }: { execution: ExecutionDto; check: CheckResult; tail: string[] }) {
  const router = useRouter();
  const cont = useContinueWithCheck(execution.id);
  const [note, setNote] = useState("");
  const noteId = `check-note-${execution.id}`;
  return (
    <form
      aria-label="Continue with the failure"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        cont.mutate(note, { onSuccess: (created) => router.push(executionHref(created.id)) });
      }}
    >
      <label htmlFor={noteId} className="block text-sm font-medium">
        Your note to add after the failure (optional)
      </label>
      <TextArea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. keep the public API as it is" />
      <details className="text-xs text-zinc-600 dark:text-zinc-400">
        <summary className="cursor-pointer">What the agent will be sent</summary>
        <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-zinc-100 p-2 font-mono dark:bg-zinc-800">
          {checkFailurePrompt(check, tail, note)}
        </pre>
      </details>
      {cont.error ? <ErrorAlert title="Could not continue">{cont.error.message}</ErrorAlert> : null}
      <Button type="submit" size="sm" disabled={cont.isPending} aria-busy={cont.isPending}>
        {cont.isPending ? "Continuing…" : "Continue with the failure"}
      </Button>
    </form>
  );
}

/**
 * The project's check on this turn's snapshot: its status, summary, duration
 * and command, the output folded, and Continue with the failure when it did
 * not pass. Nothing when the project has no check. The execution DTO is kept
 * current by the status stream; the output is read again when the status changes.
 */
export function CheckPanel({ execution }: { execution: ExecutionDto }) {
  const check = execution.check;
  const detail = useExecutionCheck(execution.id, check?.status ?? null, check !== null && check.status !== "running");
  if (!check) return null;
  const tail = detail.data?.output.map((l) => l.text) ?? [];
  return (
    <section
      aria-labelledby="check-heading"
      data-testid="check-panel"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="check-heading" className="text-base font-semibold">
          Check
        </h2>
        <CheckBadge check={check} />
        {check.reusedFromExecutionId ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            the turn changed nothing: result of <ExecutionLink id={check.reusedFromExecutionId} />
          </span>
        ) : null}
      </div>
      <p data-slot="check-summary" className="text-sm">
        {check.status === "running" ? "Running the project's check on this turn's snapshot…" : check.summary}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <dt>Command</dt>
        <dd>
          <code className="break-all font-mono">{check.command}</code>
        </dd>
        {check.durationMs != null ? (
          <>
            <dt>Took</dt>
            <dd>{formatDuration(check.durationMs)}</dd>
          </>
        ) : null}
        {check.exitCode != null ? (
          <>
            <dt>Exit code</dt>
            <dd className="font-mono">{check.exitCode}</dd>
          </>
        ) : null}
      </dl>
      {detail.data ? <CheckOutput data={detail.data} /> : detail.isError ? <p className="text-xs text-zinc-500">Output: {detail.error.message}</p> : null}
      {checkCanContinue(check.status) ? <ContinueWithFailure execution={execution} check={check} tail={tail} /> : null}
    </section>
  );
}
