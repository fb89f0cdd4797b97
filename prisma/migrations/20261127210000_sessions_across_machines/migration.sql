-- Sessions across machines (issue 24): the agents' own session state kept in
-- PostgreSQL (content-addressed, compressed, one version per turn), so any
-- runner can restore a session and resume it natively; and runners that can
-- be drained (no new turns, running ones finish, warm sessions released).
CREATE TABLE "session_state_blobs" (
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "size" BIGINT NOT NULL,
    "stored_size" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_state_blobs_pkey" PRIMARY KEY ("sha256")
);

CREATE TABLE "session_states" (
    "id" UUID NOT NULL,
    "agent" TEXT NOT NULL,
    "agent_session_id" TEXT NOT NULL,
    "execution_id" UUID,
    "project_id" TEXT,
    "runner_id" TEXT,
    "files" JSONB NOT NULL,
    "blob_shas" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "size" BIGINT NOT NULL,
    "stored_size" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_states_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "session_states_agent_session_id_created_at_idx" ON "session_states"("agent_session_id", "created_at");
CREATE INDEX "session_states_execution_id_idx" ON "session_states"("execution_id");
CREATE INDEX "session_states_project_id_idx" ON "session_states"("project_id");
CREATE INDEX "session_states_created_at_idx" ON "session_states"("created_at");
CREATE INDEX "session_states_blob_shas_idx" ON "session_states" USING GIN ("blob_shas");

ALTER TABLE "session_states" ADD CONSTRAINT "session_states_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "session_states" ADD CONSTRAINT "session_states_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "executions" ADD COLUMN "state_restore" JSONB;

ALTER TABLE "runners" ADD COLUMN "draining_at" TIMESTAMPTZ(3);
ALTER TABLE "runners" ADD COLUMN "drained_at" TIMESTAMPTZ(3);
ALTER TABLE "runners" ADD COLUMN "concurrency" INTEGER;
ALTER TABLE "runners" ADD COLUMN "warm_sessions" INTEGER NOT NULL DEFAULT 0;
