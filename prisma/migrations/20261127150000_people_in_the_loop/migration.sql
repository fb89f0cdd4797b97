-- People in the loop (issue 21): permission policies, approvals, refused actions.

-- A project's permission policy ({mode, allow, deny}); null: each agent's default.
ALTER TABLE "projects" ADD COLUMN "permissions" JSONB;

-- Settings of the default workspace (which has no projects row) and other
-- single values, by key ("default_workspace.permissions").
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- A run's own policy as its request gave it (null: its project's), the policy
-- the turn ran under (set by the runner when it plans the launch), the
-- approval it waits for right now, and the actions the agent was refused.
ALTER TABLE "executions" ADD COLUMN "requested_permissions" JSONB;
ALTER TABLE "executions" ADD COLUMN "permission_policy" JSONB;
ALTER TABLE "executions" ADD COLUMN "waiting_for" JSONB;
ALTER TABLE "executions" ADD COLUMN "refused_actions" INTEGER;

CREATE TYPE "ApprovalStatus" AS ENUM ('pending', 'allowed', 'denied', 'cancelled', 'expired');
CREATE TYPE "ApprovalKind" AS ENUM ('tool', 'question', 'plan');

-- One request of an agent for a person's decision, and the decision.
CREATE TABLE "approvals" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "execution_id" UUID NOT NULL,
    "issue_id" TEXT NOT NULL,
    "project_id" TEXT,
    "agent" TEXT NOT NULL,
    "agent_session_id" TEXT,
    "runner_id" TEXT,
    "request_id" TEXT NOT NULL,
    "tool_use_id" TEXT,
    "kind" "ApprovalKind" NOT NULL,
    "tool_name" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "summary" TEXT NOT NULL,
    "reason" TEXT,
    "suggested_rules" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "ApprovalStatus" NOT NULL DEFAULT 'pending',
    "scope" TEXT,
    "remembered_rules" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "message" TEXT,
    "answers" JSONB,
    "decided_by" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    CONSTRAINT "approvals_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "approvals_number_key" ON "approvals"("number");
CREATE INDEX "approvals_status_requested_at_idx" ON "approvals"("status", "requested_at");
CREATE INDEX "approvals_execution_id_idx" ON "approvals"("execution_id");
CREATE INDEX "approvals_issue_id_idx" ON "approvals"("issue_id");
CREATE INDEX "approvals_agent_agent_session_id_idx" ON "approvals"("agent", "agent_session_id");

ALTER TABLE "approvals" ADD CONSTRAINT "approvals_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Insights read a turn's refused actions (a completed turn the agent was
-- refused something in is not a success: server/outcomes/outcome-signals.ts),
-- so execution_facts mirrors the column like the others.
ALTER TABLE "execution_facts" ADD COLUMN "refused_actions" INTEGER;

CREATE OR REPLACE FUNCTION "execution_facts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "execution_facts" AS x ("execution_id", "created_at", "issue_id", "agent", "status", "lineage", "managed_session_id",
                                      "has_session", "session_ms", "error_code", "input_tokens", "output_tokens", "cache_read_tokens",
                                      "cost_usd", "num_turns", "duration_ms", "refused_actions")
  VALUES (NEW."id", NEW."created_at", NEW."issue_id", NEW."agent", NEW."status",
          CASE WHEN NEW."parent_execution_id" IS NOT NULL THEN 'continue'
               WHEN NEW."forked_from_execution_id" IS NOT NULL THEN 'fork'
               WHEN NEW."restarted_from_execution_id" IS NOT NULL THEN 'restart'
               ELSE 'new' END,
          NEW."managed_session_id", NEW."session_id" IS NOT NULL,
          -- GREATEST/LEAST skip NULLs: test every input, or a missing time would read as 0 ms.
          CASE WHEN NEW."session_id" IS NOT NULL AND NEW."session_captured_at" IS NOT NULL AND NEW."started_at" IS NOT NULL
               THEN LEAST(GREATEST(round(extract(epoch FROM NEW."session_captured_at" - NEW."started_at") * 1000), 0), 2147483647)::int END,
          NEW."error_code", NEW."input_tokens", NEW."output_tokens", NEW."cache_read_tokens", NEW."cost_usd", NEW."num_turns", NEW."duration_ms",
          NEW."refused_actions")
  ON CONFLICT ("execution_id") DO UPDATE SET
    "created_at" = EXCLUDED."created_at", "issue_id" = EXCLUDED."issue_id", "agent" = EXCLUDED."agent", "status" = EXCLUDED."status",
    "lineage" = EXCLUDED."lineage", "managed_session_id" = EXCLUDED."managed_session_id", "has_session" = EXCLUDED."has_session",
    "session_ms" = EXCLUDED."session_ms", "error_code" = EXCLUDED."error_code", "input_tokens" = EXCLUDED."input_tokens",
    "output_tokens" = EXCLUDED."output_tokens", "cache_read_tokens" = EXCLUDED."cache_read_tokens", "cost_usd" = EXCLUDED."cost_usd",
    "num_turns" = EXCLUDED."num_turns", "duration_ms" = EXCLUDED."duration_ms", "refused_actions" = EXCLUDED."refused_actions";
  RETURN NULL;
END $$;

DROP TRIGGER "execution_facts_sync" ON "executions";
CREATE TRIGGER "execution_facts_sync" AFTER INSERT OR UPDATE OF
    "created_at", "issue_id", "agent", "status", "parent_execution_id", "forked_from_execution_id", "restarted_from_execution_id",
    "managed_session_id", "session_id", "started_at", "session_captured_at", "error_code", "input_tokens", "output_tokens",
    "cache_read_tokens", "cost_usd", "num_turns", "duration_ms", "refused_actions"
  ON "executions" FOR EACH ROW EXECUTE FUNCTION "execution_facts_sync"();
