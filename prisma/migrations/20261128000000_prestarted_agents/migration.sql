-- Pre-started agents (issue 28): a runner keeps an agent process started and
-- waiting for its first message, in a worktree of a project's base, with a
-- session id minted for it. A new run of that project and agent (same model,
-- same base commit) claims one by deleting its row in the run's insert, and
-- takes its session id as its own; the runner holding the process then gives
-- the run's prompt to it instead of spawning.
CREATE TABLE "prestarted_agents" (
    "session_id" TEXT NOT NULL,
    "runner_id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "model" TEXT,
    "base_sha" TEXT NOT NULL,
    "cwd" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prestarted_agents_pkey" PRIMARY KEY ("session_id")
);

CREATE INDEX "prestarted_agents_project_id_agent_idx" ON "prestarted_agents"("project_id", "agent");
