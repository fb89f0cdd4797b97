-- Projects (PROJ-n), the project of specs, issues and executions, and the
-- columns the runner fills when an execution gets its own git worktree.

-- CreateEnum
CREATE TYPE "WorktreeState" AS ENUM ('present', 'missing', 'removed');

-- CreateTable
CREATE TABLE "projects" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "is_git_repo" BOOLEAN NOT NULL,
    "base_branch" TEXT,
    "default_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "specs" ADD COLUMN     "project_id" TEXT;

-- AlterTable
ALTER TABLE "issues" ADD COLUMN     "project_id" TEXT;

-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "project_id" TEXT,
ADD COLUMN     "shared_directory" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "worktree_path" TEXT,
ADD COLUMN     "worktree_branch" TEXT,
ADD COLUMN     "worktree_state" "WorktreeState",
ADD COLUMN     "start_sha" TEXT,
ADD COLUMN     "snapshot_sha" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "projects_number_key" ON "projects"("number");

-- CreateIndex
CREATE UNIQUE INDEX "projects_path_key" ON "projects"("path");

-- CreateIndex
CREATE INDEX "specs_project_id_idx" ON "specs"("project_id");

-- CreateIndex
CREATE INDEX "issues_project_id_idx" ON "issues"("project_id");

-- CreateIndex
CREATE INDEX "executions_project_id_idx" ON "executions"("project_id");

-- AddForeignKey
ALTER TABLE "specs" ADD CONSTRAINT "specs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
