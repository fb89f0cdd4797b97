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
