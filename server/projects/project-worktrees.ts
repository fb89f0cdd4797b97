import "server-only";
import path from "node:path";
import type { ProjectWorktree } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { diskBudget, worktreeDiskUsage } from "@/server/git/disk-usage";
import { listWorktrees } from "@/server/git/list-worktrees";
import { isSparePath } from "@/server/git/spare-worktrees";
import { isPrestartPath } from "@/server/git/worktree-names";
import { commonDirOf, readWorktreeRecords } from "@/server/git/worktree-records";
import { realWorktreesRoot } from "./worktrees-root";

type WorktreeExecution = { id: string; worktreePath: string | null; worktreeProblem: string | null; managedSession: { archived: boolean } | null };

/** What counting disk use may cost one page: a worktree with millions of files is shown as "at least". */
const DISK_BUDGET_MS = 2_000;
const DISK_BUDGET_ENTRIES = 1_000_000;

/**
 * A line of work counts as archived when at least one of its executions is a
 * turn of an archived session and none is a turn of an active one (turns that
 * never got a session do not count either way).
 */
export function isArchivedLine(executions: readonly Pick<WorktreeExecution, "managedSession">[]): boolean {
  const sessions = executions.flatMap((e) => (e.managedSession ? [e.managedSession] : []));
  return sessions.length > 0 && sessions.every((s) => s.archived);
}

/**
 * The worktrees Arbor made in a repository (those under its worktrees root),
 * with their disk use — counted inside each worktree and its admin directory
 * as the repository records it, never where a worktree's own `.git` points —
 * their execution, whether their sessions are archived, and a problem Arbor
 * found in them.
 */
export async function listProjectWorktrees(repo: string): Promise<ProjectWorktree[]> {
  const root = (await realWorktreesRoot()) + path.sep;
  const ours = (await listWorktrees(repo)).filter((w) => !w.main && w.path.startsWith(root));
  if (ours.length === 0) return [];
  const adminDirs = new Map((await readWorktreeRecords(await commonDirOf(repo))).map((r) => [r.path, r.adminDir]));
  const executions: WorktreeExecution[] = await prisma.execution.findMany({
    where: { worktreePath: { in: ours.map((w) => w.path) } },
    select: { id: true, worktreePath: true, worktreeProblem: true, managedSession: { select: { archived: true } } },
    orderBy: { createdAt: "asc" },
  });
  const byPath = new Map<string, WorktreeExecution[]>();
  for (const e of executions) byPath.set(e.worktreePath!, [...(byPath.get(e.worktreePath!) ?? []), e]);
  const budget = diskBudget(DISK_BUDGET_MS, DISK_BUDGET_ENTRIES);
  const worktrees: ProjectWorktree[] = [];
  // One at a time: the budget is the page's, and the first worktrees are counted in full.
  for (const w of ours) {
    const use = w.missing ? { bytes: 0, complete: true } : await worktreeDiskUsage(w.path, adminDirs.get(w.path) ?? null, budget);
    const lineExecutions = byPath.get(w.path) ?? [];
    worktrees.push({
      path: w.path,
      branch: w.branch,
      head: w.head,
      missing: w.missing,
      bytes: use.bytes,
      bytesComplete: use.complete,
      // A worktree continued over several turns: name its first execution.
      executionId: lineExecutions[0]?.id ?? null,
      // A spare checkout, or a pre-started agent's worktree no run has taken yet: Arbor's own, not a line of work.
      spare: isSparePath(w.path) || (isPrestartPath(w.path) && lineExecutions.length === 0),
      archived: isArchivedLine(lineExecutions),
      problem: lineExecutions.findLast((e) => e.worktreeProblem)?.worktreeProblem ?? null,
    });
  }
  return worktrees;
}
