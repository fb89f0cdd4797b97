import "server-only";
import { listWorktrees, type WorktreeEntry } from "./list-worktrees";
import { runGit } from "./run-git";

/**
 * Forgets worktrees whose directories vanished (`git worktree prune`) and
 * says which they were, so their executions can be marked. Their branches
 * and commits are kept. Locked worktrees are left to their lock holder.
 */
export async function pruneWorktrees(repo: string): Promise<{ pruned: WorktreeEntry[] }> {
  const before = await listWorktrees(repo);
  const vanished = before.filter((w) => w.missing && !w.main && !w.locked);
  if (vanished.length > 0) await runGit(repo, ["worktree", "prune"]);
  return { pruned: vanished };
}
