-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "agent_prompt" TEXT,
ADD COLUMN     "expanded_references" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "managed_session_id" TEXT;

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "agent" TEXT NOT NULL,
    "agent_session_id" TEXT NOT NULL,
    "issue_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "parent_session_id" TEXT,
    "forked_from_execution_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_activity_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "entity_references" (
    "source_type" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entity_references_pkey" PRIMARY KEY ("source_type","source_id","target_type","target_id")
);

-- CreateIndex
CREATE INDEX "executions_managed_session_id_idx" ON "executions"("managed_session_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_number_key" ON "sessions"("number");

-- CreateIndex
CREATE INDEX "sessions_issue_id_idx" ON "sessions"("issue_id");

-- CreateIndex
CREATE INDEX "sessions_parent_session_id_idx" ON "sessions"("parent_session_id");

-- CreateIndex
CREATE INDEX "sessions_last_activity_at_idx" ON "sessions"("last_activity_at");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_agent_agent_session_id_key" ON "sessions"("agent", "agent_session_id");

-- CreateIndex
CREATE INDEX "entity_references_target_type_target_id_idx" ON "entity_references"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "executions" ADD CONSTRAINT "executions_managed_session_id_fkey" FOREIGN KEY ("managed_session_id") REFERENCES "sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_fkey" FOREIGN KEY ("parent_session_id") REFERENCES "sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_forked_from_execution_id_fkey" FOREIGN KEY ("forked_from_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill (data only; not part of the schema diff). One session for every
-- agent session an execution has already captured, numbered in order of
-- first use, titled after that first turn's prompt (as lib/session-title.ts
-- does: whitespace collapsed, at most 80 characters).
INSERT INTO "sessions" ("id", "number", "agent", "agent_session_id", "issue_id", "title", "forked_from_execution_id", "created_at", "updated_at", "last_activity_at")
SELECT 'SESS-' || f."n", f."n", f."agent", f."session_id", f."issue_id",
       CASE
         WHEN f."t" = '' THEN 'Untitled session'
         WHEN char_length(f."t") > 80 THEN rtrim(left(f."t", 79)) || '…'
         ELSE f."t"
       END,
       f."forked_from_execution_id", f."created_at", CURRENT_TIMESTAMP,
       (SELECT MAX(COALESCE(x."finished_at", x."started_at", x."created_at")) FROM "executions" AS x
         WHERE x."agent" = f."agent" AND x."session_id" = f."session_id")
FROM (
  SELECT first.*,
         btrim(regexp_replace(first."prompt", '\s+', ' ', 'g')) AS "t",
         (COALESCE((SELECT "value" FROM "counters" WHERE "name" = 'session'), 0)
           + row_number() OVER (ORDER BY first."created_at", first."id"))::INTEGER AS "n"
  FROM (
    SELECT DISTINCT ON ("agent", "session_id") "id", "agent", "session_id", "issue_id", "prompt", "forked_from_execution_id", "created_at"
    FROM "executions"
    WHERE "session_id" IS NOT NULL
    ORDER BY "agent", "session_id", "created_at", "id"
  ) AS first
) AS f;

-- A fork's session links to the session of the execution it branched from.
UPDATE "sessions" AS s
SET "parent_session_id" = p."id"
FROM "executions" AS src, "sessions" AS p
WHERE s."forked_from_execution_id" = src."id"
  AND p."agent" = src."agent"
  AND p."agent_session_id" = src."session_id"
  AND p."id" <> s."id";

UPDATE "executions" AS e
SET "managed_session_id" = s."id"
FROM "sessions" AS s
WHERE e."session_id" IS NOT NULL
  AND s."agent" = e."agent"
  AND s."agent_session_id" = e."session_id";

-- SESS numbers continue after the backfilled ones and are never handed out again.
INSERT INTO "counters" ("name", "value")
SELECT 'session', COALESCE(MAX("number"), 0) FROM "sessions"
ON CONFLICT ("name") DO UPDATE SET "value" = GREATEST("counters"."value", EXCLUDED."value");
