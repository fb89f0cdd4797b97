-- What each execution changed in its worktree (start commit → snapshot),
-- counted by the runner when it takes the snapshot, so the session tree can
-- show +/− per node without running git for every node of every tree.
-- And an index on worktree_path: the runner marks every execution of a
-- worktree at once (missing, removed), and housekeeping finds them by it.

-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "changed_files" INTEGER,
ADD COLUMN     "lines_added" INTEGER,
ADD COLUMN     "lines_deleted" INTEGER;

-- CreateIndex
CREATE INDEX "executions_worktree_path_idx" ON "executions"("worktree_path");
