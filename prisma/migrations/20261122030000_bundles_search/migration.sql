-- CreateEnum
CREATE TYPE "BundleEntityType" AS ENUM ('session', 'spec', 'issue', 'commit');

-- AlterTable
ALTER TABLE "execution_events" ADD COLUMN     "search_text" TEXT,
ADD COLUMN     "search_vector" tsvector;

-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "search_vector" tsvector;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "search_vector" tsvector;

-- CreateTable
CREATE TABLE "context_bundles" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "context_bundles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "context_bundle_items" (
    "bundle_id" TEXT NOT NULL,
    "entity_type" "BundleEntityType" NOT NULL,
    "entity_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "context_bundle_items_pkey" PRIMARY KEY ("bundle_id","entity_type","entity_id")
);

-- CreateIndex
CREATE INDEX "execution_events_search_vector_idx" ON "execution_events" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "executions_search_vector_idx" ON "executions" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "sessions_search_vector_idx" ON "sessions" USING GIN ("search_vector");

-- CreateIndex
CREATE UNIQUE INDEX "context_bundles_number_key" ON "context_bundles"("number");

-- CreateIndex
CREATE INDEX "context_bundle_items_entity_type_entity_id_idx" ON "context_bundle_items"("entity_type", "entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "context_bundle_items_bundle_id_position_key" ON "context_bundle_items"("bundle_id", "position");

-- AddForeignKey
ALTER TABLE "context_bundle_items" ADD CONSTRAINT "context_bundle_items_bundle_id_fkey" FOREIGN KEY ("bundle_id") REFERENCES "context_bundles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (Prisma has no way to say it; the drift check compares
-- tables, columns, indexes and keys, which stay exactly as the schema says):
-- the search vectors of executions (prompt, weight B: a prompt that matches
-- ranks above log lines that match as well) and sessions (title A,
-- description C) follow their text through triggers, because those rows are
-- written by the Prisma client, which cannot write Unsupported("tsvector")
-- columns. execution_events.search_vector needs no trigger: the runner's
-- event writer is its only writer and fills it together with search_text
-- (server/runner/event-writer.ts). The text search configuration here must
-- match server/search/search-config.ts.
CREATE FUNCTION "executions_search_vector_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."search_vector" := setweight(to_tsvector('english'::regconfig, NEW."prompt"), 'B');
    RETURN NEW;
END
$$;

CREATE TRIGGER "executions_search_vector" BEFORE INSERT OR UPDATE OF "prompt" ON "executions"
    FOR EACH ROW EXECUTE FUNCTION "executions_search_vector_update"();

UPDATE "executions" SET "search_vector" = setweight(to_tsvector('english'::regconfig, "prompt"), 'B');

CREATE FUNCTION "sessions_search_vector_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."search_vector" := setweight(to_tsvector('english'::regconfig, NEW."title"), 'A')
        || setweight(to_tsvector('english'::regconfig, NEW."description"), 'C');
    RETURN NEW;
END
$$;

CREATE TRIGGER "sessions_search_vector" BEFORE INSERT OR UPDATE OF "title", "description" ON "sessions"
    FOR EACH ROW EXECUTE FUNCTION "sessions_search_vector_update"();

UPDATE "sessions" SET "search_vector" = setweight(to_tsvector('english'::regconfig, "title"), 'A')
    || setweight(to_tsvector('english'::regconfig, "description"), 'C');
