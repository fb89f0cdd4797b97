"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextArea } from "@/components/ui/field";
import { isApiError } from "@/lib/api-error";
import type { ApplyStrategy } from "@/lib/diff/types";
import { useApplyExecution } from "@/lib/diff/hooks";

const STRATEGIES: { value: ApplyStrategy; label: string; hint: string }[] = [
  { value: "merge", label: "Merge", hint: "a merge commit; the line of work's history is kept" },
  { value: "squash", label: "Squash", hint: "one commit with all of its changes" },
];

/**
 * "Apply to <base branch>": brings the execution's snapshot into the base
 * branch of the project's main checkout. The server refuses, changing
 * nothing, when the checkout is dirty or on another branch, or on conflicts.
 * The repository's own hooks run only where the project allows them (its page).
 */
export function ApplyControl({ executionId, projectId, baseBranch }: { executionId: string; projectId: string | null; baseBranch: string }) {
  const apply = useApplyExecution(executionId, projectId);
  const [strategy, setStrategy] = useState<ApplyStrategy>("merge");
  const [message, setMessage] = useState("");
  const conflictFiles = isApiError(apply.error) && Array.isArray(apply.error.details?.files) ? (apply.error.details.files as string[]) : [];
  const messageId = `apply-message-${executionId}`;

  return (
    <form
      aria-label={`Apply to ${baseBranch}`}
      className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        apply.mutate({ strategy, ...(message.trim() ? { message } : {}) });
      }}
    >
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className="sr-only">How to apply</legend>
        {STRATEGIES.map((s) => (
          <label key={s.value} className="flex items-center gap-1.5 text-sm" title={s.hint}>
            <input type="radio" name={`apply-strategy-${executionId}`} value={s.value} checked={strategy === s.value} onChange={() => setStrategy(s.value)} />
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
            placeholder="Default: names the execution and its issue"
          />
        </Field>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={apply.isPending}>
          {apply.isPending ? "Applying…" : `Apply to ${baseBranch}`}
        </Button>
        {apply.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
            {apply.data.status === "applied"
              ? `Applied to ${apply.data.baseBranch} (${apply.data.strategy}): now at ${apply.data.commit.slice(0, 12)}. ${apply.data.repositoryHooks ? "Your repository's hooks ran." : "None of your repository's hooks ran."}`
              : `${apply.data.baseBranch} already has these changes: nothing to apply.`}
          </p>
        ) : null}
      </div>
      {apply.isError ? (
        <ErrorAlert title="Not applied: nothing was changed">
          <p>{apply.error.message}</p>
          {conflictFiles.length > 0 ? (
            <ul aria-label="Conflicting files" className="mt-1 list-inside list-disc font-mono text-xs">
              {conflictFiles.map((file) => (
                <li key={file}>{file}</li>
              ))}
            </ul>
          ) : null}
        </ErrorAlert>
      ) : null}
    </form>
  );
}
