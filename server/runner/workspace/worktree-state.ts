import { stat } from "node:fs/promises";
import { prisma } from "@/server/db";
import type { ResumeFacts } from "@/server/turns/resolve-resume-decision";
import type { WorktreeState } from "@/server/generated/prisma/client";

// What the runner knows about the worktrees of lines of work on its disk.
// A worktree is shared by the turns of one line of work (a Continue runs in
// its parent's), so its state is written on every execution that ran there.

export async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Marks every execution that ran in the worktree at `path` (only those still marked present, so "removed" is never turned into "missing"). */
export async function markWorktree(path: string, state: Exclude<WorktreeState, "present">): Promise<number> {
  const updated = await prisma.execution.updateMany({ where: { worktreePath: path, worktreeState: "present" }, data: { worktreeState: state } });
  return updated.count;
}

/**
 * The resume decision's `files` fact for a turn that goes on from `sourceId`
 * (the execution it continues or forks): whether that one ran in a worktree,
 * and whether the worktree is still there. Only the runner that owns the
 * worktree's disk looks at the disk (and records a vanished one as missing);
 * any other trusts what is recorded.
 */
export async function sourceFiles(sourceId: string | null, runnerId: string | null): Promise<ResumeFacts["files"]> {
  if (!sourceId) return null;
  const source = await prisma.execution.findUnique({
    where: { id: sourceId },
    select: { worktreePath: true, worktreeState: true, snapshotSha: true, runnerId: true },
  });
  if (!source?.worktreePath || !source.worktreeState) return null;
  let worktree = source.worktreeState;
  if (worktree === "present" && runnerId !== null && source.runnerId === runnerId && !(await isDirectory(source.worktreePath))) {
    await markWorktree(source.worktreePath, "missing");
    worktree = "missing";
  }
  return { worktree, snapshotSha: source.snapshotSha };
}
