import "server-only";
import path from "node:path";
import type { ProjectWorktree } from "@/lib/projects/types";
import { prisma } from "@/server/db";
import { worktreeDiskUsage } from "@/server/git/disk-usage";
import { listWorktrees } from "@/server/git/list-worktrees";
import { isSparePath } from "@/server/git/spare-worktrees";
import { realWorktreesRoot } from "./worktrees-root";

type WorktreeExecution = { id: string; worktreePath: string | null; managedSession: { archived: boolean } | null };

/**
 * A line of work counts as archived when at least one of its executions is a
 * turn of an archived session and none is a turn of an active one (turns that
 * never got a session do not count either way).
 */
export function isArchivedLine(executions: readonly Pick<WorktreeExecution, "managedSession">[]): boolean {
  const sessions = executions.flatMap((e) => (e.managedSession ? [e.managedSession] : []));
  return sessions.length > 0 && sessions.every((s) => s.archived);
}

/** The worktrees Arbor made in a repository (those under its worktrees root), with their disk use, execution and whether their sessions are archived. */
export async function listProjectWorktrees(repo: string): Promise<ProjectWorktree[]> {
  const root = (await realWorktreesRoot()) + path.sep;
  const ours = (await listWorktrees(repo)).filter((w) => !w.main && w.path.startsWith(root));
  if (ours.length === 0) return [];
  const executions: WorktreeExecution[] = await prisma.execution.findMany({
    where: { worktreePath: { in: ours.map((w) => w.path) } },
    select: { id: true, worktreePath: true, managedSession: { select: { archived: true } } },
    orderBy: { createdAt: "asc" },
  });
  const byPath = new Map<string, WorktreeExecution[]>();
  for (const e of executions) byPath.set(e.worktreePath!, [...(byPath.get(e.worktreePath!) ?? []), e]);
  return Promise.all(
    ours.map(async (w) => ({
      path: w.path,
      branch: w.branch,
      head: w.head,
      missing: w.missing,
      bytes: w.missing ? 0 : await worktreeDiskUsage(w.path),
      // A worktree continued over several turns: name its first execution.
      executionId: byPath.get(w.path)?.[0]?.id ?? null,
      spare: isSparePath(w.path),
      archived: isArchivedLine(byPath.get(w.path) ?? []),
    })),
  );
}
