import "server-only";
import path from "node:path";
import type { ProjectWorktree } from "@/lib/projects/types";
import { prisma } from "@/server/db";
import { worktreeDiskUsage } from "@/server/git/disk-usage";
import { listWorktrees } from "@/server/git/list-worktrees";
import { isSparePath } from "@/server/git/spare-worktrees";
import { worktreesRoot } from "./worktrees-root";

/** The worktrees Arbor made in a repository (those under its worktrees root), with their disk use and execution. */
export async function listProjectWorktrees(repo: string): Promise<ProjectWorktree[]> {
  const root = worktreesRoot() + path.sep;
  const ours = (await listWorktrees(repo)).filter((w) => !w.main && w.path.startsWith(root));
  if (ours.length === 0) return [];
  const executions = await prisma.execution.findMany({
    where: { worktreePath: { in: ours.map((w) => w.path) } },
    select: { id: true, worktreePath: true },
    orderBy: { createdAt: "asc" },
  });
  // A worktree continued over several turns: name its first execution.
  const byPath = new Map<string, string>();
  for (const e of executions) if (e.worktreePath && !byPath.has(e.worktreePath)) byPath.set(e.worktreePath, e.id);
  return Promise.all(
    ours.map(async (w) => ({
      path: w.path,
      branch: w.branch,
      head: w.head,
      missing: w.missing,
      bytes: w.missing ? 0 : await worktreeDiskUsage(w.path),
      executionId: byPath.get(w.path) ?? null,
      spare: isSparePath(w.path),
    })),
  );
}
