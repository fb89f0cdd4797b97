// A line of work as the runner makes and ends it, without an agent: its
// worktree (server/git/create-worktree.ts), files written "by the agent", then
// the runner's own end-of-execution snapshot (server/runner/workspace/snapshot-execution.ts)
// stored with the final status. For tests that tamper with a worktree between
// the two, as an agent's tools could during a turn.
import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import { createWorktree } from "@/server/git/create-worktree";
import { startRefName, worktreeBranchName, worktreePathFor } from "@/server/git/worktree-names";
import { worktreesRoot } from "@/server/projects/worktrees-root";
import { snapshotExecution } from "@/server/runner/workspace/snapshot-execution";
import { writeFiles } from "@/test/support/git-repo";

type LineProject = { id: string; path: string };

/** A worktree on a new arbor/ branch at `from` and its execution, still running (no snapshot yet). */
export async function startLine(project: LineProject, issueId: string, from: string, options: { runnerId?: string; spareDir?: string } = {}) {
  const id = randomUUID();
  const wt = worktreePathFor(worktreesRoot(), project.id, issueId, id);
  const created = await createWorktree({
    repo: project.path,
    path: wt,
    branch: worktreeBranchName(issueId, id),
    from,
    pinRef: startRefName(id),
    spareDir: options.spareDir,
  });
  if (!created.ok) throw new Error(created.error.message);
  return prisma.execution.create({
    data: {
      id,
      issueId,
      agent: "claude",
      prompt: "make the change",
      cwd: created.value.path,
      status: "running",
      projectId: project.id,
      runnerId: options.runnerId ?? null,
      worktreePath: created.value.path,
      worktreeBranch: created.value.branch,
      worktreeState: "present",
      startSha: created.value.startSha,
    },
  });
}

/** Ends the execution as the runner does: its snapshot, stored with the final status. */
export async function endLine(id: string) {
  const snapshot = await snapshotExecution(id, "completed");
  return prisma.execution.update({ where: { id }, data: { status: "completed", finishedAt: new Date(), ...snapshot } });
}

/** A line that wrote `files` and ended. */
export async function runLine(
  project: LineProject,
  issueId: string,
  from: string,
  files: Record<string, string>,
  options: { runnerId?: string; spareDir?: string } = {},
) {
  const started = await startLine(project, issueId, from, options);
  writeFiles(started.worktreePath!, files);
  return endLine(started.id);
}

let sessions = 9000;

/** Makes the executions turns of one archived session, so housekeeping may remove their worktree. */
export async function archiveLine(issueId: string, executionIds: string[]) {
  const number = ++sessions;
  const session = await prisma.session.create({
    data: { id: `SESS-${number}`, number, agent: "claude", agentSessionId: randomUUID(), issueId, title: "archived line", archived: true },
  });
  await prisma.execution.updateMany({ where: { id: { in: executionIds } }, data: { managedSessionId: session.id } });
}
