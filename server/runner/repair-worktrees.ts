import { prisma } from "@/server/db";
import { pruneWorktrees } from "@/server/git/prune-worktrees";
import { snapshotLeftovers } from "@/server/runner/snapshot-execution";
import { isDirectory, markWorktree } from "@/server/runner/worktree-state";

// When a runner starts (before it takes jobs): the worktrees of its lines of
// work whose directories vanished meanwhile are marked missing on their
// executions (a Continue of one then says so and forks from its snapshot),
// git's records of them are pruned (their branches and commits stay), and
// executions its previous process left without a snapshot get theirs.

export async function repairWorktrees(runnerId: string): Promise<{ missing: number; snapshots: number }> {
  const rows = await prisma.execution.findMany({
    where: { runnerId, worktreeState: "present", worktreePath: { not: null } },
    distinct: ["worktreePath"],
    select: { worktreePath: true, projectId: true },
  });
  let missing = 0;
  const projects = new Set<string>();
  for (const row of rows) {
    if (await isDirectory(row.worktreePath!)) continue;
    missing += await markWorktree(row.worktreePath!, "missing");
    if (row.projectId) projects.add(row.projectId);
  }
  for (const project of await prisma.project.findMany({ where: { id: { in: [...projects] } } })) {
    if (!(await isDirectory(project.path))) continue;
    await pruneWorktrees(project.path).catch((error: Error) => console.error(`[runner] could not prune the worktrees of ${project.id}: ${error.message}`));
  }
  return { missing, snapshots: await snapshotLeftovers({ runnerId }) };
}
