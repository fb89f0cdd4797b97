"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useUpdateProject } from "@/lib/projects/hooks";
import type { Project } from "@/lib/projects/schema";

/**
 * Retires a project that has history (runs keep the project they ran in, so
 * it cannot be removed): hidden from lists and pickers, no new runs, its
 * specs, issues, executions, worktrees and snapshots kept. Unarchive brings it back.
 */
export function ArchiveProject({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const archived = project.archivedAt !== null;
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={update.isPending}
        onClick={() => {
          if (archived) update.mutate({ archived: false });
          else if (window.confirm(`Archive ${project.id}? It is hidden from lists and pickers and takes no new runs; everything it has is kept.`)) {
            update.mutate({ archived: true });
          }
        }}
      >
        {archived ? "Unarchive project" : "Archive project"}
      </Button>
      {update.isError ? <ErrorAlert title={archived ? "Not unarchived" : "Not archived"}>{update.error.message}</ErrorAlert> : null}
    </div>
  );
}
