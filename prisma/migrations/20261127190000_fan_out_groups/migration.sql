-- Fan-out (issue 26): one prompt to several agents or models at once, kept as
-- a group whose members are compared and one picked; and the model a person
-- chose for a run (the CLI's --model / -m).
CREATE TABLE "execution_groups" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "issue_id" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "source_execution_id" UUID,
    "project_id" TEXT,
    "start_sha" TEXT,
    "picked_execution_id" UUID,
    "picked_at" TIMESTAMPTZ(3),
    "archived_execution_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "execution_groups_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "execution_groups_number_key" ON "execution_groups"("number");
CREATE UNIQUE INDEX "execution_groups_idempotency_key_key" ON "execution_groups"("idempotency_key");
CREATE INDEX "execution_groups_issue_id_created_at_idx" ON "execution_groups"("issue_id", "created_at");
CREATE INDEX "execution_groups_source_execution_id_idx" ON "execution_groups"("source_execution_id");

ALTER TABLE "execution_groups" ADD CONSTRAINT "execution_groups_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "execution_groups" ADD CONSTRAINT "execution_groups_source_execution_id_fkey" FOREIGN KEY ("source_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "execution_groups" ADD CONSTRAINT "execution_groups_picked_execution_id_fkey" FOREIGN KEY ("picked_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "executions" ADD COLUMN "model" TEXT;
ALTER TABLE "executions" ADD COLUMN "group_id" TEXT;
CREATE INDEX "executions_group_id_idx" ON "executions"("group_id");
ALTER TABLE "executions" ADD CONSTRAINT "executions_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "execution_groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;
