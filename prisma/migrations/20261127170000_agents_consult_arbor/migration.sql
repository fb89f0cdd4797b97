-- Agents consult Arbor (issue 23): the MCP server `arbor` at /api/mcp.

-- Whether runs in a project get Arbor's MCP server; on unless turned off.
ALTER TABLE "projects" ADD COLUMN "mcp" BOOLEAN NOT NULL DEFAULT true;

-- A run's MCP credential: a random token given to the agent's process, kept
-- here only as its SHA-256. It is good while one of its executions is
-- running; a warm process serves several turns with one token, so a row per
-- turn ties the same hash to each of them.
CREATE TABLE "mcp_tokens" (
    "token_hash" TEXT NOT NULL,
    "execution_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "mcp_tokens_pkey" PRIMARY KEY ("token_hash", "execution_id"),
    CONSTRAINT "mcp_tokens_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "mcp_tokens_execution_id_idx" ON "mcp_tokens"("execution_id");

-- Every call an agent made to Arbor's MCP server: what it asked, how much it
-- got back, and which sessions, issues and specs the answer named.
CREATE TABLE "mcp_calls" (
    "id" BIGSERIAL NOT NULL,
    "execution_id" UUID NOT NULL,
    "tool" TEXT NOT NULL,
    "arguments" JSONB NOT NULL,
    "result_chars" INTEGER NOT NULL,
    "is_error" BOOLEAN NOT NULL DEFAULT false,
    "consulted" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "mcp_calls_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "mcp_calls_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "mcp_calls_execution_id_idx" ON "mcp_calls"("execution_id");
CREATE INDEX "mcp_calls_consulted_idx" ON "mcp_calls" USING GIN ("consulted");

-- A reference an agent recorded with `cite` (origin 'agent', with the
-- execution and its note) outlives edits of the citing text; those written
-- in the text (origin 'text') follow it.
ALTER TABLE "entity_references" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'text';
ALTER TABLE "entity_references" ADD COLUMN "execution_id" UUID;
ALTER TABLE "entity_references" ADD COLUMN "note" TEXT;
ALTER TABLE "entity_references" ADD CONSTRAINT "entity_references_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An issue an agent raised with `create_issue`: the execution that did.
ALTER TABLE "issues" ADD COLUMN "raised_by_execution_id" UUID;
ALTER TABLE "issues" ADD CONSTRAINT "issues_raised_by_execution_id_fkey" FOREIGN KEY ("raised_by_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "issues_raised_by_execution_id_idx" ON "issues"("raised_by_execution_id");
