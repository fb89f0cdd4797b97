-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "search_indexed_seq" INTEGER NOT NULL DEFAULT 0;

-- Backfill: events stored so far were indexed as they were inserted.
UPDATE "executions" SET "search_indexed_seq" = "event_count";
