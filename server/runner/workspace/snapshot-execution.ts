import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { diffStat } from "@/server/git/diff-stat";
import { pinCommit } from "@/server/git/refs";
import { snapshotWorktree } from "@/server/git/snapshot-worktree";
import { snapshotRefName } from "@/server/git/worktree-names";
import { isDirectory, markWorktree } from "@/server/runner/workspace/worktree-state";

// At the end of every execution that ran in a worktree of its own
// (completed, failed, cancelled, interrupted, and on recovery after its
// runner died): the worktree's full state as a commit on its branch
// (server/git/snapshot-worktree.ts: nothing of the person's own commits is
// rewritten, nothing pushed), pinned by refs/arbor/snapshots/<id>, and what
// the execution changed since its start. Run by the runner that owns the
// worktree's disk. A snapshot that fails is logged and leaves the files as
// they are; it never fails the execution. A worktree whose `.git` no longer
// points at the project's record of it gets no git run in it at all: the
// execution keeps the line's last good state (its start) and records why.

type Snapshotted = Pick<Prisma.ExecutionUpdateInput, "snapshotSha" | "changedFiles" | "linesAdded" | "linesDeleted" | "worktreeProblem">;

/** Takes the snapshot and returns the columns to store with the execution's final status ({} when it has no worktree, or it vanished). */
export async function snapshotExecution(executionId: string, status: string): Promise<Snapshotted> {
  try {
    const e = await prisma.execution.findUnique({
      where: { id: executionId },
      select: {
        id: true,
        issueId: true,
        prompt: true,
        worktreePath: true,
        worktreeState: true,
        startSha: true,
        snapshotSha: true,
        project: { select: { path: true } },
      },
    });
    if (!e?.worktreePath || !e.project || e.worktreeState !== "present" || !e.startSha || e.snapshotSha) return {};
    if (!(await isDirectory(e.worktreePath))) {
      await markWorktree(e.worktreePath, "missing");
      return {};
    }
    const firstLine = e.prompt.split("\n")[0]!.trim();
    const summary = firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine;
    const snapshot = await snapshotWorktree({
      repo: e.project.path,
      worktree: e.worktreePath,
      message: `arbor: ${e.issueId} run ${e.id.slice(0, 8)} (${status}): ${summary}\n\nSnapshot of the worktree when execution ${e.id} ended.\n`,
      pinRef: snapshotRefName(e.id),
    });
    if (!snapshot.ok) {
      console.error(`[runner] no snapshot of execution ${executionId}: ${snapshot.error.message}`);
      if (snapshot.error.kind !== "worktree_tampered") return {};
      await pinCommit(e.project.path, snapshotRefName(e.id), e.startSha, "arbor: the last good state (the worktree was refused)");
      return { snapshotSha: e.startSha, changedFiles: 0, linesAdded: 0, linesDeleted: 0, worktreeProblem: snapshot.error.message };
    }
    const changed = await diffStat(e.project.path, e.startSha, snapshot.value.sha);
    return { snapshotSha: snapshot.value.sha, changedFiles: changed.files, linesAdded: changed.additions, linesDeleted: changed.deletions };
  } catch (error) {
    console.error(`[runner] no snapshot of execution ${executionId}:`, error);
    return {};
  }
}

/** Snapshots ended executions that have none yet (their runner died before it could), oldest first, and stores them. */
export async function snapshotLeftovers(where: Prisma.ExecutionWhereInput): Promise<number> {
  const rows = await prisma.execution.findMany({
    where: { ...where, status: { notIn: ["queued", "running"] }, worktreeState: "present", snapshotSha: null, startSha: { not: null } },
    select: { id: true, status: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  let taken = 0;
  for (const row of rows) {
    const fields = await snapshotExecution(row.id, row.status);
    if (!fields.snapshotSha) continue;
    await prisma.execution.update({ where: { id: row.id }, data: fields });
    taken++;
  }
  return taken;
}
