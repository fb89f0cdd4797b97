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
-- "src/auth/login.ts"), so a search for "hello" or "auth" missed them. A
-- path is a whitespace-separated word with letters or digits on both sides
-- of . / \ : @, and search_path_words() lists the words of every path in a
-- text, path by path ("src auth login ts"). search_vector_of() is the vector
-- of the text followed by those words (after it, so the text's own positions
-- and phrases stay as they were): every search vector (specs, issues,
-- executions' prompts, sessions, and the events' search_text, filled by
-- server/search/index-pending-events.ts) is built by it. For snippets,
-- search_headline_text() puts each path's words right after it, between two
-- markers, so ts_headline highlights them where the path is and
-- server/search/headline.ts shows them on it. The text search configuration
-- ('english') must match server/search/search-config.ts.
CREATE FUNCTION "search_path_words"("body" text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(string_agg(btrim(regexp_replace(m[1], '[^[:alnum:]]+', ' ', 'g')), ' '), '')
      FROM regexp_matches("body", '(\S*[[:alnum:]][./\\:@][[:alnum:]]\S*)', 'g') AS m
$$;

CREATE FUNCTION "search_vector_of"("body" text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT to_tsvector('english'::regconfig, "body" || ' ' || search_path_words("body"))
$$;

CREATE FUNCTION "search_headline_text"("body" text, "region_open" text, "region_close" text)
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
