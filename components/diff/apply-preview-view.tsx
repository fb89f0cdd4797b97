"use client";

import type { ApplyPreview } from "@/lib/diff/schema";
import { shortId } from "@/lib/executions/format";
import { ApplyConflictSteps } from "./apply-conflict-steps";
import { LazyDiffViewer } from "@/components/diff/lazy-diff-viewer";

const amber = "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200";

/**
 * What the base branch will receive from this line of work: where its head is
 * now, the whole line's change merged onto it (files, +/−, patch), or the
 * conflicts and what to do about them, and what would make Apply refuse now.
 */
export function ApplyPreviewView({ preview }: { preview: ApplyPreview }) {
  const { baseBranch } = preview;
  return (
    <div className="space-y-3">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {baseBranch} is at <code className="font-mono">{preview.baseHead.slice(0, 12)}</code>; this line of work&apos;s snapshot is{" "}
        <code className="font-mono">{preview.snapshot.slice(0, 12)}</code>
        {preview.branch ? (
          <>
            {" "}
            on <code className="font-mono">{preview.branch}</code>
          </>
        ) : null}
        .
      </p>
      {preview.lineHeadId !== preview.executionId ? (
        <p role="note" className={amber}>
          This is an earlier turn of its line of work: applying it brings the line up to this turn only. Its latest turn is #{shortId(preview.lineHeadId)}.
        </p>
      ) : null}
      {preview.merge === "up_to_date" ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {baseBranch} already has all of it: nothing to apply.
        </p>
      ) : preview.merge === "conflicts" ? (
        <>
          <ApplyConflictSteps baseBranch={baseBranch} files={preview.conflicts} lineHeadId={preview.lineHeadId} worktreePath={preview.worktreePath} />
          <h3 className="text-sm font-semibold">What the line of work changed since it left {baseBranch}</h3>
          <LazyDiffViewer diff={preview.diff} label="Changes of the line of work" anchorPrefix="apply-file" />
        </>
      ) : (
        <>
          <h3 className="text-sm font-semibold">What {baseBranch} will receive</h3>
          <LazyDiffViewer diff={preview.diff} label={`What ${baseBranch} will receive`} anchorPrefix="apply-file" />
        </>
      )}
      {preview.blocked ? (
        <div role="alert" className={amber}>
          <p>Apply would refuse right now: {preview.blocked.message}</p>
        </div>
      ) : null}
    </div>
  );
}
