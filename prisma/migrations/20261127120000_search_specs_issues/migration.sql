-- AlterTable
ALTER TABLE "issues" ADD COLUMN     "search_vector" tsvector;

-- AlterTable
ALTER TABLE "specs" ADD COLUMN     "search_vector" tsvector;

-- CreateIndex
CREATE INDEX "issues_search_vector_idx" ON "issues" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "specs_search_vector_idx" ON "specs" USING GIN ("search_vector");

-- Written by hand (the drift check compares tables, columns, indexes and
-- keys, which stay exactly as the schema says).
--
-- File names and paths are one token to PostgreSQL's parser ("hello.txt",
-- "src/auth/login.ts"), so a search for "hello" or "auth" missed them.
-- search_text_expanded() follows every whitespace-separated word that holds
-- such a token (letters or digits on both sides of . / \ : @) with its words
-- ("src/auth/login.ts src auth login ts"), and search_vector_of() is the
-- vector of that text: every search vector (specs, issues, executions'
-- prompts, sessions, and the events' search_text, filled by
-- server/search/index-pending-events.ts) is built by it. The region markers
-- are for snippets: search.ts asks for the added words between two control
-- characters, so ts_headline can highlight them and the snippet can show them
-- on the word they came from (server/search/headline.ts). The text search
-- configuration ('english') must match server/search/search-config.ts.
CREATE FUNCTION "search_text_expanded"("body" text, "region_open" text DEFAULT '', "region_close" text DEFAULT '')
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE
        WHEN "body" !~ '[[:alnum:]][./\\:@][[:alnum:]]' THEN "body"
        ELSE (SELECT string_agg(
                       CASE WHEN t.word ~ '[[:alnum:]][./\\:@][[:alnum:]]'
                            THEN t.word || ' ' || "region_open" || btrim(regexp_replace(t.word, '[^[:alnum:]]+', ' ', 'g')) || "region_close"
                            ELSE t.word END,
                       ' ' ORDER BY t.n)
                FROM regexp_split_to_table("body", '\s+') WITH ORDINALITY AS t(word, n))
    END
$$;

CREATE FUNCTION "search_vector_of"("body" text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT to_tsvector('english'::regconfig, search_text_expanded("body"))
$$;

-- Specs and issues: title (weight A, as a session's title) and text (C, as a
-- session's description), kept by triggers because the Prisma client that
-- writes these rows cannot write Unsupported("tsvector") columns.
CREATE FUNCTION "specs_issues_search_vector_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."search_vector" := setweight(search_vector_of(NEW."title"), 'A') || setweight(search_vector_of(NEW."body"), 'C');
    RETURN NEW;
END
$$;
CREATE TRIGGER "specs_search_vector" BEFORE INSERT OR UPDATE OF "title", "body" ON "specs"
    FOR EACH ROW EXECUTE FUNCTION "specs_issues_search_vector_update"();
CREATE TRIGGER "issues_search_vector" BEFORE INSERT OR UPDATE OF "title", "body" ON "issues"
    FOR EACH ROW EXECUTE FUNCTION "specs_issues_search_vector_update"();

-- Executions' prompts and sessions, as before but through search_vector_of.
CREATE OR REPLACE FUNCTION "executions_search_vector_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."search_vector" := setweight(search_vector_of(NEW."prompt"), 'B');
    RETURN NEW;
END
$$;
CREATE OR REPLACE FUNCTION "sessions_search_vector_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."search_vector" := setweight(search_vector_of(NEW."title"), 'A')
        || setweight(search_vector_of(NEW."description"), 'C');
    RETURN NEW;
END
$$;

-- Existing rows (small tables). Events keep their vectors until
-- `npm run backfill-search` rebuilds them (a big log is not rewritten here).
UPDATE "specs" SET "search_vector" = setweight(search_vector_of("title"), 'A') || setweight(search_vector_of("body"), 'C');
UPDATE "issues" SET "search_vector" = setweight(search_vector_of("title"), 'A') || setweight(search_vector_of("body"), 'C');
UPDATE "executions" SET "search_vector" = setweight(search_vector_of("prompt"), 'B')
    WHERE "prompt" ~ '[[:alnum:]][./\\:@][[:alnum:]]';
UPDATE "sessions" SET "search_vector" = setweight(search_vector_of("title"), 'A') || setweight(search_vector_of("description"), 'C')
    WHERE "title" ~ '[[:alnum:]][./\\:@][[:alnum:]]' OR "description" ~ '[[:alnum:]][./\\:@][[:alnum:]]';
