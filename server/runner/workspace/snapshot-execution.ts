import { inheritedEnv } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { diffStat } from "@/server/git/diff-stat";
import { pinCommit } from "@/server/git/refs";
import { snapshotWorktree } from "@/server/git/snapshot-worktree";
import { snapshotRefName } from "@/server/git/worktree-names";
import { projectRepo } from "@/server/projects/project-repo";
import { pushLine } from "@/server/runner/workspace/push-line";
import type { WorkspaceLog } from "@/server/runner/workspace/workspace-log";
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
// The project's repository is the one the worktree was made from
// (server/projects/project-repo.ts), and the snapshot then travels to the
// project's store (push-line.ts); a push that fails is logged and noted in
// the turn's log, never failing the execution either.

type Snapshotted = Pick<Prisma.ExecutionUpdateInput, "snapshotSha" | "changedFiles" | "linesAdded" | "linesDeleted" | "worktreeProblem">;

/** Takes the snapshot and returns the columns to store with the execution's final status ({} when it has no worktree, or it vanished). */
export async function snapshotExecution(
  executionId: string,
  status: string,
  options: { env?: Readonly<Record<string, string | undefined>>; log?: WorkspaceLog } = {},
): Promise<Snapshotted> {
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
        worktreeBranch: true,
        project: { select: { id: true, path: true, remote: true, baseBranch: true } },
      },
    });
    if (!e?.worktreePath || !e.project || e.worktreeState !== "present" || !e.startSha || e.snapshotSha) return {};
    if (!(await isDirectory(e.worktreePath))) {
      await markWorktree(e.worktreePath, "missing");
      return {};
    }
    const resolved = await projectRepo(e.project, options.env ?? inheritedEnv());
    if (!resolved.ok) {
      console.error(`[runner] no snapshot of execution ${executionId}: ${resolved.error.message}`);
      return {};
    }
    const repo = resolved.value.repo;
    const firstLine = e.prompt.split("\n")[0]!.trim();
    const summary = firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine;
    const snapshot = await snapshotWorktree({
      repo,
      worktree: e.worktreePath,
      message: `arbor: ${e.issueId} run ${e.id.slice(0, 8)} (${status}): ${summary}\n\nSnapshot of the worktree when execution ${e.id} ended.\n`,
      pinRef: snapshotRefName(e.id),
    });
    if (!snapshot.ok) {
      console.error(`[runner] no snapshot of execution ${executionId}: ${snapshot.error.message}`);
      if (snapshot.error.kind !== "worktree_tampered") return {};
      await pinCommit(repo, snapshotRefName(e.id), e.startSha, "arbor: the last good state (the worktree was refused)");
      // The line's last good state travels like any snapshot (nothing of the refused worktree is read).
      const lastGood = { executionId: e.id, snapshotSha: e.startSha, startSha: e.startSha, branch: null, baseBranch: e.project.baseBranch };
      await noteProblem(executionId, await pushLine(resolved.value, lastGood), options.log);
      return { snapshotSha: e.startSha, changedFiles: 0, linesAdded: 0, linesDeleted: 0, worktreeProblem: snapshot.error.message };
    }
    const tip = { executionId: e.id, snapshotSha: snapshot.value.sha, startSha: e.startSha, branch: e.worktreeBranch, baseBranch: e.project.baseBranch };
    const [changed, problem] = await Promise.all([
      diffStat(repo, e.startSha, snapshot.value.sha),
      pushLine(resolved.value, tip).catch((error: Error) => `pushing it failed: ${error.message}`),
    ]);
    await noteProblem(executionId, problem, options.log);
    return { snapshotSha: snapshot.value.sha, changedFiles: changed.files, linesAdded: changed.additions, linesDeleted: changed.deletions };
  } catch (error) {
    console.error(`[runner] no snapshot of execution ${executionId}:`, error);
    return {};
  }
}

/** A push that did not reach the store: logged, and said in the turn's log (never failing the turn). */
async function noteProblem(executionId: string, problem: string | null, log: WorkspaceLog | undefined): Promise<void> {
  if (!problem) return;
  console.error(`[runner] the snapshot of execution ${executionId} did not reach the project's store: ${problem}`);
  log?.("warning", { message: `This turn's snapshot did not reach the project's store, so another runner cannot go on from it yet: ${problem}` });
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
