import { prisma } from "@/server/db";
import { removeWorktree } from "@/server/git/remove-worktree";
import { snapshotLeftovers } from "@/server/runner/workspace/snapshot-execution";
import { isDirectory, markWorktree } from "@/server/runner/workspace/worktree-state";

// When a runner starts (before it takes jobs): the worktrees of its lines of
// work whose directories vanished meanwhile are marked missing on their
// executions (a Continue of one then says so and forks from its snapshot),
// and git's record of each of them — of those paths only, never `git worktree
// prune`, which would also forget the person's own worktrees whose disk is
// missing right now — is removed (their branches and commits stay), and
// executions its previous process left without a snapshot get theirs.

export async function repairWorktrees(runnerId: string): Promise<{ missing: number; snapshots: number }> {
  const rows = await prisma.execution.findMany({
    where: { runnerId, worktreeState: "present", worktreePath: { not: null } },
    distinct: ["worktreePath"],
    select: { worktreePath: true, projectId: true },
  });
  let missing = 0;
  const vanished = new Map<string, string[]>();
  for (const row of rows) {
    if (await isDirectory(row.worktreePath!)) continue;
    missing += await markWorktree(row.worktreePath!, "missing");
    if (row.projectId) vanished.set(row.projectId, [...(vanished.get(row.projectId) ?? []), row.worktreePath!]);
  }
  for (const project of await prisma.project.findMany({ where: { id: { in: [...vanished.keys()] } } })) {
    if (!(await isDirectory(project.path))) continue;
    for (const worktree of vanished.get(project.id) ?? []) {
      await removeWorktree({ repo: project.path, path: worktree }).catch((error: Error) =>
        console.error(`[runner] could not forget the vanished worktree ${worktree} of ${project.id}: ${error.message}`),
      );
    }
  }
  return { missing, snapshots: await snapshotLeftovers({ runnerId }) };
}
