import "server-only";
import { stat } from "node:fs/promises";
import { conflict, ok, type Result } from "@/lib/result";
import { shortId } from "@/lib/executions/format";
import { inheritedEnv } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";
import type { Execution, Project } from "@/server/generated/prisma/client";
import { ensureCommits } from "@/server/git/fetch-from-store";
import { catchGitErrors } from "@/server/git/git-failure";
import { projectRepo } from "@/server/projects/project-repo";

export interface ExecutionSnapshot {
  execution: Execution;
  project: Project;
  /** Where to run git: the project's main checkout (worktrees share its objects and refs), or this machine's clone of it (project-repo.ts). */
  repo: string;
  startSha: string;
  snapshotSha: string;
}

/** Why an execution has no snapshot to diff or apply, in words. */
function noSnapshotReason(execution: Execution, project: Project | null): string {
  if (execution.status === "queued" || execution.status === "running") return "it has not finished; Arbor records the snapshot when it ends";
  if (execution.sharedDirectory) return "it ran in the project's directory itself (the shared-directory opt-out), so its changes were not recorded apart";
  if (!project) return "it ran in the default workspace, not in a registered project";
  if (!project.isGitRepo) return `it ran in ${project.id}, which is not a git repository, so its files are shared and not snapshotted`;
  if (execution.worktreeState === "missing") return "its worktree vanished before a snapshot could be taken";
  return "it ran before Arbor took snapshots of lines of work";
}

/**
 * An execution with its project's repository and its start and snapshot
 * commits; a 409 saying why when there are none. A snapshot another machine
 * took is fetched from the project's store first (issue 24), so a diff works
 * wherever the store is reached; without the project's checkout on this
 * machine, a diff or compare reads this machine's clone of the store, while
 * Apply and its preview (`checkout`: they are about the person's checkout)
 * need the checkout itself.
 */
export async function findExecutionSnapshot(rawId: string, options: { checkout?: boolean } = {}): Promise<Result<ExecutionSnapshot>> {
  const found = await findExecution(rawId);
  if (!found.ok) return found;
  const execution = found.value;
  const project = execution.projectId ? await prisma.project.findUnique({ where: { id: execution.projectId } }) : null;
  if (!project || !execution.snapshotSha || !execution.startSha) {
    return conflict(`Execution ${shortId(execution.id)} has no snapshot yet: ${noSnapshotReason(execution, project)}.`, { reason: "no_snapshot" });
  }
  const { startSha, snapshotSha } = execution;
  const isDirectory = await stat(project.path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDirectory && options.checkout) return conflict(`The directory of ${project.id}, ${project.path}, no longer exists.`, { reason: "project_missing" });
  return catchGitErrors(async () => {
    const resolved = await projectRepo(project, inheritedEnv());
    if (!resolved.ok && !isDirectory) {
      const missing = `The directory of ${project.id}, ${project.path}, no longer exists`;
      return conflict(resolved.error.kind === "missing" ? `${missing}.` : `${missing}, and ${resolved.error.message}.`, { reason: "project_missing" });
    }
    // A directory that is here but no longer the project's checkout: git says what is wrong with it, as before.
    const { repo, store } = resolved.ok ? resolved.value : { repo: project.path, store: null };
    const present = await ensureCommits(repo, store, [startSha, snapshotSha]);
    if (!present.ok) return conflict(`The snapshot of execution ${shortId(execution.id)} cannot be read: ${present.error.message}`, { reason: "unknown_ref" });
    return ok({ execution, project, repo, startSha, snapshotSha });
  });
}
