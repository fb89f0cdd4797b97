"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextArea } from "@/components/ui/field";
import { LoadingBlock } from "@/components/ui/states";
import { isApiError } from "@/lib/api-error";
import type { ApplyStrategy } from "@/lib/diff/schema";
import { useApplyExecution, useApplyPreview } from "@/lib/diff/hooks";
import { ApplyConflictSteps } from "./apply-conflict-steps";
import { ApplyPreviewView } from "./apply-preview-view";

const STRATEGIES: { value: ApplyStrategy; label: string; hint: string }[] = [
  { value: "squash", label: "Squash", hint: "one commit with all of the line's changes" },
  { value: "merge", label: "Merge", hint: "a merge commit; the line's own commits are kept" },
];

/**
 * "Apply this line to <base branch>": first what the base branch will
 * receive (the preview, read now: the whole line of work onto the branch's
 * head, not one turn's diff), then the person confirms. Squashed by default.
 * The server refuses, changing nothing, when the main checkout is dirty or on
 * another branch, or on conflicts (then: the next steps). The repository's
 * own hooks run only where the project allows them (its page).
 */
export function ApplyControl({ executionId, projectId, baseBranch }: { executionId: string; projectId: string | null; baseBranch: string }) {
  const [open, setOpen] = useState(false);
  const preview = useApplyPreview(executionId, open);
  const apply = useApplyExecution(executionId, projectId);
  const [strategy, setStrategy] = useState<ApplyStrategy>("squash");
  const [message, setMessage] = useState("");
  const conflictFiles = isApiError(apply.error) && Array.isArray(apply.error.details?.files) ? (apply.error.details.files as string[]) : [];
  const messageId = `apply-message-${executionId}`;
  const applied = apply.isSuccess ? apply.data : null;

  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          onClick={() => {
            apply.reset();
            setOpen(true);
          }}
        >
          Apply this line to {baseBranch}…
        </Button>
        {applied ? <AppliedNote result={applied} /> : null}
      </div>
    );
  }
  const p = preview.data;
  const canApply = p !== undefined && p.merge === "clean" && !p.blocked && !apply.isPending;
  return (
    <form
      aria-label={`Apply to ${baseBranch}`}
      className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canApply) return;
        apply.mutate({ strategy, ...(message.trim() ? { message } : {}) }, { onSuccess: () => setOpen(false) });
      }}
    >
      <h3 className="text-sm font-semibold">Apply this line to {baseBranch}</h3>
      {preview.isPending ? (
        <LoadingBlock label="Working out what it would change…" />
      ) : preview.isError ? (
        <p
          className={
            isApiError(preview.error) && preview.error.status === 409 ? "text-sm text-zinc-700 dark:text-zinc-300" : "text-sm text-red-700 dark:text-red-400"
          }
        >
          {preview.error.message}
        </p>
      ) : (
        <ApplyPreviewView preview={preview.data} />
      )}
      {p?.merge === "clean" ? (
        <>
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <legend className="sr-only">How to apply</legend>
            {STRATEGIES.map((s) => (
              <label key={s.value} className="flex items-center gap-1.5 text-sm" title={s.hint}>
                <input
                  type="radio"
                  name={`apply-strategy-${executionId}`}
                  value={s.value}
                  checked={strategy === s.value}
                  onChange={() => setStrategy(s.value)}
                />
                {s.label}
                <span className="hidden text-xs text-zinc-500 sm:inline dark:text-zinc-400">({s.hint})</span>
              </label>
            ))}
          </fieldset>
          <details>
            <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">Commit message (optional)</summary>
            <Field id={messageId} label="Commit message" className="mt-2">
              <TextArea
                id={messageId}
                rows={3}
                value={message}
                maxLength={10_000}
                onChange={(e) => setMessage(e.target.value)}
                placeholder={p.defaultMessages[strategy]}
              />
            </Field>
          </details>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {p.repositoryHooks
              ? "Your repository's own hooks, filters and merge drivers run (the project allows it)."
              : "None of your repository's hooks run (the project's setting)."}
          </p>
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {p?.merge === "clean" ? (
          <Button type="submit" size="sm" disabled={!canApply}>
            {apply.isPending ? "Applying…" : `Apply to ${baseBranch}`}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          {p?.merge === "clean" ? "Cancel" : "Close"}
        </Button>
      </div>
      {apply.isError ? (
        <ErrorAlert title="Not applied: nothing was changed">
          <p>{apply.error.message}</p>
        </ErrorAlert>
      ) : null}
      {conflictFiles.length > 0 && p ? (
        <ApplyConflictSteps baseBranch={baseBranch} files={conflictFiles} lineHeadId={p.lineHeadId} worktreePath={p.worktreePath} />
      ) : null}
    </form>
  );
}

function AppliedNote({ result }: { result: { status: string; baseBranch: string; strategy: string; commit: string; repositoryHooks: boolean } }) {
  return (
    <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
      {result.status === "applied"
        ? `Applied to ${result.baseBranch} (${result.strategy}): now at ${result.commit.slice(0, 12)}. ${result.repositoryHooks ? "Your repository's hooks ran." : "None of your repository's hooks ran."}`
        : `${result.baseBranch} already has these changes: nothing to apply.`}
    </p>
  );
}
