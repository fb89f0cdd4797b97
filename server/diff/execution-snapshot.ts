import "server-only";
import { stat } from "node:fs/promises";
import { conflict, ok, type Result } from "@/lib/result";
import { shortId } from "@/lib/executions/format";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";
import type { Execution, Project } from "@/server/generated/prisma/client";

export interface ExecutionSnapshot {
  execution: Execution;
  project: Project;
  /** Where to run git: the project's main checkout (worktrees share its objects and refs). */
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

/** An execution with its project's repository and its start and snapshot commits; a 409 saying why when there are none. */
export async function findExecutionSnapshot(rawId: string): Promise<Result<ExecutionSnapshot>> {
  const found = await findExecution(rawId);
  if (!found.ok) return found;
  const execution = found.value;
  const project = execution.projectId ? await prisma.project.findUnique({ where: { id: execution.projectId } }) : null;
  if (!project || !execution.snapshotSha || !execution.startSha) {
    return conflict(`Execution ${shortId(execution.id)} has no snapshot yet: ${noSnapshotReason(execution, project)}.`, { reason: "no_snapshot" });
  }
  const isDirectory = await stat(project.path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDirectory) return conflict(`The directory of ${project.id}, ${project.path}, no longer exists.`, { reason: "project_missing" });
  return ok({ execution, project, repo: project.path, startSha: execution.startSha, snapshotSha: execution.snapshotSha });
}
