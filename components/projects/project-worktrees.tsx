"use client";

import Link from "next/link";
import { CleanupWorktrees } from "@/components/projects/cleanup-worktrees";
import { EmptyState } from "@/components/ui/states";
import { shortId } from "@/lib/executions/format";
import { formatBytes } from "@/lib/projects/format-bytes";
import type { ProjectDetail } from "@/lib/projects/schema";

/** Arbor's worktrees of the project's repository: branch, execution, disk use, archived, refused; and their housekeeping. */
export function ProjectWorktrees({ project }: { project: ProjectDetail }) {
  return (
    <section aria-labelledby="worktrees-heading" className="space-y-2">
      <h2 id="worktrees-heading" className="text-lg font-semibold">
        Worktrees <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">({formatBytes(project.worktreeBytes)} on disk)</span>
      </h2>
      {project.worktrees.length === 0 ? (
        <EmptyState title="No worktrees">Arbor makes one for each line of work when an agent runs here.</EmptyState>
      ) : (
        <ul
          aria-label="Worktrees"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {project.worktrees.map((w) => (
            <li key={w.path} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
              <code className="font-mono text-xs">{w.spare ? "spare checkout (for the next run)" : (w.branch ?? "(detached)")}</code>
              {w.executionId ? (
                <Link href={`/executions/${w.executionId}`} className="font-mono text-xs text-emerald-700 hover:underline dark:text-emerald-400">
                  #{shortId(w.executionId)}
                </Link>
              ) : null}
              <span className={w.missing ? "text-xs text-red-700 dark:text-red-400" : "text-xs text-zinc-500 dark:text-zinc-400"}>
                {w.missing ? "directory missing" : `${w.bytesComplete ? "" : "at least "}${formatBytes(w.bytes)}`}
              </span>
              {w.archived ? <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">archived</span> : null}
              <code className="min-w-0 flex-1 truncate text-right font-mono text-xs text-zinc-500 dark:text-zinc-400" title={w.path}>
                {w.path}
              </code>
              {w.problem ? <p className="w-full text-xs text-red-700 dark:text-red-400">Refused: {w.problem}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {project.worktrees.some((w) => !w.spare) ? <CleanupWorktrees project={project} /> : null}
    </section>
  );
}
