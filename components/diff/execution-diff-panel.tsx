"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { LoadingBlock } from "@/components/ui/states";
import type { ExecutionDto } from "@/lib/executions/schema";
import { useExecutionDiff } from "@/lib/diff/hooks";
import { ApplyControl } from "./apply-control";
import { LazyDiffViewer, usePreloadDiffViewer } from "@/components/diff/lazy-diff-viewer";

function Section({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section aria-labelledby="files-heading" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="files-heading" className="text-base font-semibold">
          Files
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

const note = "text-sm text-zinc-600 dark:text-zinc-400";

/** Why Arbor refused to run git in the line's worktree (its `.git` was changed): its last good snapshot stands. */
function WorktreeProblem({ problem }: { problem: string }) {
  return (
    <div
      role="alert"
      aria-label="Worktree refused"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <p className="font-medium">Arbor refused to run git in this worktree</p>
      <p>{problem}</p>
    </div>
  );
}

/**
 * What an execution changed in its worktree (start → snapshot), with "Apply
 * this line to <base branch>" (also on a turn that changed nothing itself:
 * Apply brings the whole line). Shows nothing for executions that ran before
 * worktrees existed; says so when it shared the project's directory or has
 * not ended, and why Arbor refused its worktree when it did.
 */
export function ExecutionDiffPanel({ execution }: { execution: ExecutionDto }) {
  const worktree = execution.worktree;
  const hasSnapshot = Boolean(worktree?.snapshotSha && worktree.startSha);
  const diff = useExecutionDiff(execution.id, hasSnapshot);
  usePreloadDiffViewer(hasSnapshot);
  const problem = execution.worktreeProblem ? <WorktreeProblem problem={execution.worktreeProblem} /> : null;

  if (execution.sharedDirectory) {
    return (
      <Section>
        <p className={note}>
          This run used the project&apos;s directory itself (shared), so its changes were not recorded apart and other runs there see them.
        </p>
      </Section>
    );
  }
  if (!worktree) return null;
  const branch = worktree.branch ? <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{worktree.branch}</code> : null;
  if (!hasSnapshot) {
    const live = execution.status === "queued" || execution.status === "running";
    return (
      <Section aside={branch}>
        {problem}
        <p className={note}>
          {live
            ? "Its worktree's snapshot is taken when it ends; the diff appears then."
            : worktree.state === "missing"
              ? "Its worktree vanished before a snapshot was taken."
              : "No snapshot was recorded for it."}
        </p>
      </Section>
    );
  }
  return (
    <Section aside={branch}>
      {problem}
      {diff.isPending ? (
        <LoadingBlock label="Loading the diff…" />
      ) : diff.isError ? (
        <ErrorAlert title="Could not load the diff">{diff.error.message}</ErrorAlert>
      ) : (
        <>
          {diff.data.baseBranch ? <ApplyControl executionId={execution.id} projectId={execution.projectId} baseBranch={diff.data.baseBranch} /> : null}
          {diff.data.files.length === 0 ? (
            <p className={note}>This turn changed no files itself.</p>
          ) : (
            <>
              {diff.data.baseBranch ? <h3 className="text-sm font-semibold">What this turn changed</h3> : null}
              <LazyDiffViewer diff={diff.data} />
            </>
          )}
        </>
      )}
    </Section>
  );
}
