"use client";

import { LoadingBlock } from "@/components/ui/states";
import { isApiError } from "@/lib/api-error";
import { useCompareDiff } from "@/lib/diff/hooks";
import { shortId } from "@/lib/executions/format";
import { LazyDiffViewer, usePreloadDiffViewer } from "@/components/diff/lazy-diff-viewer";

/** The compare view's file comparison: execution a's snapshot → execution b's snapshot. */
export function CompareDiffPanel({ a, b }: { a: string; b: string }) {
  const diff = useCompareDiff(a, b);
  usePreloadDiffViewer();
  return (
    <section aria-labelledby="compare-files-heading" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="compare-files-heading" className="text-base font-semibold">
        Files: <span className="font-mono">#{shortId(a)}</span> → <span className="font-mono">#{shortId(b)}</span>
      </h2>
      {diff.isPending ? (
        <LoadingBlock label="Comparing their files…" />
      ) : diff.isError ? (
        // A 409 says why there is nothing to compare (no snapshot yet, different projects).
        <p
          className={
            isApiError(diff.error) && diff.error.status === 409 ? "text-sm text-zinc-600 dark:text-zinc-400" : "text-sm text-red-700 dark:text-red-400"
          }
        >
          {diff.error.message}
        </p>
      ) : (
        <LazyDiffViewer diff={diff.data} />
      )}
    </section>
  );
}
