-- CreateEnum
CREATE TYPE "ExecutionStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled', 'interrupted');

-- CreateTable
CREATE TABLE "runners" (
    "id" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL,
    "stopped_at" TIMESTAMPTZ(3),
    "worker_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "runners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "executions" (
    "id" UUID NOT NULL,
    "issue_id" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "cwd" TEXT NOT NULL,
    "status" "ExecutionStatus" NOT NULL DEFAULT 'queued',
    "target_session_id" TEXT,
    "session_id" TEXT,
    "session_confirmed" BOOLEAN NOT NULL DEFAULT false,
    "parent_execution_id" UUID,
    "forked_from_execution_id" UUID,
    "fork_session_id" TEXT,
    "resume_at_message_id" TEXT,
    "last_message_id" TEXT,
    "restarted_from_execution_id" UUID,
    "runner_id" TEXT,
    "pid" INTEGER,
    "exit_code" INTEGER,
    "error_code" TEXT,
    "error_message" TEXT,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "cost_usd" DOUBLE PRECISION,
    "duration_ms" INTEGER,
    "num_turns" INTEGER,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "idempotency_key" TEXT,
    "cancel_requested_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "executions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "execution_events" (
    "execution_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "stream" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "execution_events_pkey" PRIMARY KEY ("execution_id","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "executions_idempotency_key_key" ON "executions"("idempotency_key");

-- CreateIndex
CREATE INDEX "executions_issue_id_created_at_idx" ON "executions"("issue_id", "created_at");

-- CreateIndex
CREATE INDEX "executions_session_id_idx" ON "executions"("session_id");

-- CreateIndex
CREATE INDEX "executions_target_session_id_idx" ON "executions"("target_session_id");

-- CreateIndex
CREATE INDEX "executions_parent_execution_id_idx" ON "executions"("parent_execution_id");

-- CreateIndex
CREATE INDEX "executions_forked_from_execution_id_idx" ON "executions"("forked_from_execution_id");

-- CreateIndex
CREATE INDEX "executions_status_idx" ON "executions"("status");

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_parent_execution_id_fkey" FOREIGN KEY ("parent_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_forked_from_execution_id_fkey" FOREIGN KEY ("forked_from_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_restarted_from_execution_id_fkey" FOREIGN KEY ("restarted_from_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_runner_id_fkey" FOREIGN KEY ("runner_id") REFERENCES "runners"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "execution_events" ADD CONSTRAINT "execution_events_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
