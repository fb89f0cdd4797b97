"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { useUpdateProject } from "@/lib/projects/hooks";
import type { ProjectDetail } from "@/lib/projects/schema";

/**
 * The project's one trust setting. Arbor's own git work never runs anything
 * of a repository (its hooks, filters, merge drivers, fsmonitor…): a
 * registered repository and what agents write in their worktrees are not
 * trusted. Apply writes into the person's own checkout, so they may choose to
 * have it run what their own `git merge` would.
 */
export function ApplyHooksSetting({ project }: { project: ProjectDetail }) {
  const update = useUpdateProject(project.id);
  const checked = update.isPending && update.variables?.runHooksOnApply !== undefined ? update.variables.runHooksOnApply : project.runHooksOnApply;
  const id = `run-hooks-on-apply-${project.id}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ runHooksOnApply: e.target.checked })}
          className="size-4 accent-emerald-600"
        />
        Run my repository's hooks on Apply
      </label>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {checked
          ? "Apply runs what git merge would in your checkout: the repository's hooks, filters and merge drivers."
          : "Off: Arbor runs nothing of the repository, ever (a repository whose own filters or merge drivers are needed to write its files is not applied)."}
      </p>
      {update.isError ? <ErrorAlert title="Not changed">{update.error.message}</ErrorAlert> : null}
    </div>
  );
}
