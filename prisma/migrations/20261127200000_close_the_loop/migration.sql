-- Close the loop (issue 25): a check on every turn, worktrees that are ready
-- to work in (setup script, copied files, cleanup script), push and pull
-- requests whose state, CI and review comments are read back.
ALTER TABLE "projects" ADD COLUMN "check_command" JSONB;
ALTER TABLE "projects" ADD COLUMN "check_timeout_seconds" INTEGER NOT NULL DEFAULT 600;
ALTER TABLE "projects" ADD COLUMN "setup_script" TEXT;
ALTER TABLE "projects" ADD COLUMN "copy_files" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "projects" ADD COLUMN "cleanup_script" TEXT;
ALTER TABLE "projects" ADD COLUMN "remote" TEXT;

ALTER TABLE "executions" ADD COLUMN "check" JSONB;
ALTER TABLE "executions" ADD COLUMN "pushed" JSONB;

CREATE TABLE "pull_requests" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "execution_id" UUID,
    "branch" TEXT NOT NULL,
    "base_branch" TEXT NOT NULL,
    "remote" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'github',
    "repository" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "head_sha" TEXT,
    "ci_status" TEXT,
    "ci_details" JSONB,
    "review_comments" JSONB NOT NULL DEFAULT '[]',
    "reviews" JSONB NOT NULL DEFAULT '[]',
    "last_polled_at" TIMESTAMPTZ(3),
    "next_poll_at" TIMESTAMPTZ(3),
    "poll_failures" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pull_requests_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "pull_requests_project_id_branch_key" ON "pull_requests"("project_id", "branch");
CREATE INDEX "pull_requests_execution_id_idx" ON "pull_requests"("execution_id");
CREATE INDEX "pull_requests_next_poll_at_idx" ON "pull_requests"("next_poll_at");
ALTER TABLE "pull_requests" ADD CONSTRAINT "pull_requests_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pull_requests" ADD CONSTRAINT "pull_requests_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
