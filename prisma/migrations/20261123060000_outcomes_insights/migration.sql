-- Outcomes (marks, fork preferences) and the facts Insights reads.

-- CreateEnum
CREATE TYPE "OutcomeVerdict" AS ENUM ('worked', 'failed');

-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "cache_read_tokens" INTEGER,
ADD COLUMN     "session_captured_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "execution_marks" (
    "execution_id" UUID NOT NULL,
    "verdict" "OutcomeVerdict" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "marked_by" TEXT,
    "via" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "execution_marks_pkey" PRIMARY KEY ("execution_id")
);

-- CreateTable
CREATE TABLE "session_marks" (
    "session_id" TEXT NOT NULL,
    "verdict" "OutcomeVerdict" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "marked_by" TEXT,
    "via" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "session_marks_pkey" PRIMARY KEY ("session_id")
);

-- CreateTable
CREATE TABLE "fork_preferences" (
    "branch_point_id" UUID NOT NULL,
    "preferred_execution_id" UUID NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "marked_by" TEXT,
    "via" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fork_preferences_pkey" PRIMARY KEY ("branch_point_id")
);

-- CreateTable
CREATE TABLE "execution_facts" (
    "execution_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "issue_id" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "status" "ExecutionStatus" NOT NULL,
    "lineage" TEXT NOT NULL,
    "managed_session_id" TEXT,
    "has_session" BOOLEAN NOT NULL,
    "session_ms" INTEGER,
    "error_code" TEXT,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "cache_read_tokens" INTEGER,
    "cost_usd" DOUBLE PRECISION,
    "num_turns" INTEGER,
    "duration_ms" INTEGER,
    "model" TEXT,
    "tools" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tool_calls" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "execution_facts_pkey" PRIMARY KEY ("execution_id")
);

-- CreateIndex
CREATE INDEX "fork_preferences_preferred_execution_id_idx" ON "fork_preferences"("preferred_execution_id");

-- CreateIndex
CREATE INDEX "execution_facts_created_at_idx" ON "execution_facts"("created_at");

-- CreateIndex
CREATE INDEX "execution_facts_issue_id_created_at_idx" ON "execution_facts"("issue_id", "created_at");

-- CreateIndex
CREATE INDEX "execution_facts_tools_idx" ON "execution_facts" USING GIN ("tools");

-- AddForeignKey
ALTER TABLE "execution_marks" ADD CONSTRAINT "execution_marks_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_marks" ADD CONSTRAINT "session_marks_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fork_preferences" ADD CONSTRAINT "fork_preferences_branch_point_id_fkey" FOREIGN KEY ("branch_point_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fork_preferences" ADD CONSTRAINT "fork_preferences_preferred_execution_id_fkey" FOREIGN KEY ("preferred_execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "execution_facts" ADD CONSTRAINT "execution_facts_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- execution_facts follows executions: one row per execution, written by this
-- trigger whenever a column it mirrors changes. Not on event_count or the
-- search watermark, so storing events costs nothing here. model, tools and
-- tool_calls are not touched: the search indexer fills them from the events.
CREATE FUNCTION "execution_facts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "execution_facts" AS x ("execution_id", "created_at", "issue_id", "agent", "status", "lineage", "managed_session_id",
                                      "has_session", "session_ms", "error_code", "input_tokens", "output_tokens", "cache_read_tokens",
                                      "cost_usd", "num_turns", "duration_ms")
  VALUES (NEW."id", NEW."created_at", NEW."issue_id", NEW."agent", NEW."status",
          CASE WHEN NEW."parent_execution_id" IS NOT NULL THEN 'continue'
               WHEN NEW."forked_from_execution_id" IS NOT NULL THEN 'fork'
               WHEN NEW."restarted_from_execution_id" IS NOT NULL THEN 'restart'
               ELSE 'new' END,
          NEW."managed_session_id", NEW."session_id" IS NOT NULL,
          -- GREATEST/LEAST skip NULLs: test every input, or a missing time would read as 0 ms.
          CASE WHEN NEW."session_id" IS NOT NULL AND NEW."session_captured_at" IS NOT NULL AND NEW."started_at" IS NOT NULL
               THEN LEAST(GREATEST(round(extract(epoch FROM NEW."session_captured_at" - NEW."started_at") * 1000), 0), 2147483647)::int END,
          NEW."error_code", NEW."input_tokens", NEW."output_tokens", NEW."cache_read_tokens", NEW."cost_usd", NEW."num_turns", NEW."duration_ms")
  ON CONFLICT ("execution_id") DO UPDATE SET
    "created_at" = EXCLUDED."created_at", "issue_id" = EXCLUDED."issue_id", "agent" = EXCLUDED."agent", "status" = EXCLUDED."status",
    "lineage" = EXCLUDED."lineage", "managed_session_id" = EXCLUDED."managed_session_id", "has_session" = EXCLUDED."has_session",
    "session_ms" = EXCLUDED."session_ms", "error_code" = EXCLUDED."error_code", "input_tokens" = EXCLUDED."input_tokens",
    "output_tokens" = EXCLUDED."output_tokens", "cache_read_tokens" = EXCLUDED."cache_read_tokens", "cost_usd" = EXCLUDED."cost_usd",
    "num_turns" = EXCLUDED."num_turns", "duration_ms" = EXCLUDED."duration_ms";
  RETURN NULL;
END $$;

CREATE TRIGGER "execution_facts_sync" AFTER INSERT OR UPDATE OF
    "created_at", "issue_id", "agent", "status", "parent_execution_id", "forked_from_execution_id", "restarted_from_execution_id",
    "managed_session_id", "session_id", "started_at", "session_captured_at", "error_code", "input_tokens", "output_tokens",
    "cache_read_tokens", "cost_usd", "num_turns", "duration_ms"
  ON "executions" FOR EACH ROW EXECUTE FUNCTION "execution_facts_sync"();

-- Backfill, in one pass over executions: the no-op "status" assignment fires
-- the trigger, so every existing execution gets its row; and the search
-- indexer, which also collects model and tools from the events it walks
-- (server/search/index-pending-events.ts), is rewound so it walks the events
-- stored before this migration once more, in the background. Their search
-- vectors are there already, so that pass only adds facts.
UPDATE "executions" SET "status" = "status", "search_indexed_seq" = 0;
