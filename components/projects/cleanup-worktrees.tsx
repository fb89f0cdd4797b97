"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/projects/format-bytes";
import { useCleanupWorktrees } from "@/lib/projects/hooks";
import type { ProjectDetail } from "@/lib/projects/schema";

/**
 * Housekeeping on the project page: remove the worktrees whose sessions are
 * all archived (never one an execution runs in), their branches kept unless
 * asked; snapshots stay, so their diffs still show and a Continue forks from
 * the snapshot.
 */
export function CleanupWorktrees({ project }: { project: ProjectDetail }) {
  const [deleteBranches, setDeleteBranches] = useState(false);
  const cleanup = useCleanupWorktrees(project.id);
  const archived = project.worktrees.filter((w) => w.archived && !w.spare && !w.missing);
  const result = cleanup.data;
  return (
    <div className="space-y-2 rounded-md border border-zinc-200 px-4 py-3 text-sm dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" variant="secondary" disabled={cleanup.isPending || archived.length === 0} onClick={() => cleanup.mutate({ deleteBranches })}>
          {cleanup.isPending ? "Removing…" : `Remove worktrees of archived sessions (${archived.length})`}
        </Button>
        <label className="flex items-center gap-2 text-zinc-700 dark:text-zinc-300">
          <input type="checkbox" checked={deleteBranches} onChange={(e) => setDeleteBranches(e.target.checked)} className="size-4 accent-emerald-600" />
          also delete their branches
        </label>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {archived.length === 0
          ? "No worktree here belongs only to archived sessions. Archive a session to let its worktree go."
          : `${formatBytes(archived.reduce((n, w) => n + w.bytes, 0))} on disk. Their snapshots stay: diffs still show, and a Continue forks from the snapshot in a fresh worktree.`}
      </p>
      {result ? (
        <div role="status" className="space-y-1 text-zinc-700 dark:text-zinc-300">
          <p>
            {result.removed.length === 0
              ? "Nothing was removed."
              : `Removed ${result.removed.length} worktree${result.removed.length === 1 ? "" : "s"} (${formatBytes(result.freedBytes)} freed${result.removed.some((r) => r.branchDeleted) ? ", branches deleted" : ", branches kept"}).`}
          </p>
          {result.removed.some((r) => r.branchKept) ? (
            <ul aria-label="Kept branches" className="list-inside list-disc text-xs">
              {result.removed.flatMap((r) =>
                r.branchKept && r.branch
                  ? [
                      <li key={r.path}>
                        branch <code className="font-mono">{r.branch}</code> kept: {r.branchKept}
                      </li>,
                    ]
                  : [],
              )}
            </ul>
          ) : null}
          {result.kept.length > 0 ? (
            <ul aria-label="Kept worktrees" className="list-inside list-disc text-xs">
              {result.kept.map((k) => (
                <li key={k.path}>
                  <code className="font-mono">{k.branch ?? k.path}</code> kept: {k.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {cleanup.isError ? <ErrorAlert title="Not removed">{cleanup.error.message}</ErrorAlert> : null}
    </div>
  );
}
