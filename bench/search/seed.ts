import type pg from "pg";
import { pathTerms } from "@/server/search/search-text";
import { ASSISTANT_PHRASES } from "./assistant-phrases";
import { COMMANDS, FILE_PATHS, GREP_PATTERNS, PROMPT_OPENERS, TOOL_OUTPUT } from "./vocabulary";

// Fills the search benchmark's database with synthetic agent history, in SQL
// (INSERT … SELECT generate_series), fast: issues, sessions, executions (the
// prompt trigger fills their search vectors) and `events` execution events
// shaped like Claude Code's stream-json, with search_text and search_vector
// as the runner's event writer stores them:
//   40 % assistant text (4–12 skewed phrases, sometimes an error code)
//   22 % tool calls: Bash (command), Read / Edit / Write (file path), Grep
//   28 % tool results (not searchable)
//   10 % stream and system events (not searchable)
// The GIN indexes are dropped for the load and built afterwards, as a bulk
// load would. Deterministic: the same arguments give the same data.

export type SeedOptions = { events: number; eventsPerExecution: number; executionsPerSession: number; issues: number };

export type SeedStats = {
  events: number;
  searchableEvents: number;
  executions: number;
  sessions: number;
  issues: number;
  seconds: number;
  tableMb: number;
  indexMb: number;
};

const TYPE = (g: string) => `((hashint4(${g}) & 1023) / 1024.0)`;

export async function seedSearchData(client: pg.Client, options: SeedOptions, log: (line: string) => void): Promise<SeedStats> {
  const t0 = performance.now();
  const executions = Math.ceil(options.events / options.eventsPerExecution);
  const sessions = Math.ceil(executions / options.executionsPerSession);
  const { rows: tables } = await client.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  );
  await client.query(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  await client.query(`SELECT setseed(0.4242)`);

  const params = {
    phrases: ASSISTANT_PHRASES,
    openers: PROMPT_OPENERS,
    paths: FILE_PATHS,
    pathTerms: FILE_PATHS.map(pathTerms),
    commands: COMMANDS,
    patterns: GREP_PATTERNS,
    outputs: TOOL_OUTPUT,
  };
  // A phrase, skewed toward the start of the list (so a few are very common).
  const phrase = `($1::text[])[1 + floor(pow(random(), 2.2) * array_length($1::text[], 1))::int]`;
  const words = (count: string, alias: string) => `(SELECT string_agg(${phrase}, ' ') FROM generate_series(1, ${count}) AS ${alias}(i))`;

  log(`issues: ${options.issues}`);
  await client.query(
    `INSERT INTO issues (id, number, title, body, updated_at)
     SELECT 'ISSUE-' || g, g, initcap(${words("3 + g % 3", "w")}), '', now()
       FROM generate_series(1, $2::int) g`,
    [params.phrases, options.issues],
  );
  await client.query(`INSERT INTO counters (name, value) VALUES ('issue', $1) ON CONFLICT (name) DO UPDATE SET value = $1`, [options.issues]);

  log(`sessions: ${sessions}`);
  await client.query(
    `INSERT INTO sessions (id, number, agent, agent_session_id, issue_id, title, description, created_at, updated_at, last_activity_at)
     SELECT 'SESS-' || g, g, 'claude', md5('sess' || g)::uuid::text, 'ISSUE-' || (1 + g % $3::int),
            ($2::text[])[1 + g % array_length($2::text[], 1)] || ' ' || ${words("2", "w")},
            CASE WHEN g % 4 = 0 THEN ${words("4", "d")} ELSE '' END,
            now() - (($4::int - g) * interval '1 minute'), now(), now() - (($4::int - g) * interval '1 minute')
       FROM generate_series(1, $4::int) g`,
    [params.phrases, params.openers, options.issues, sessions],
  );
  await client.query(`INSERT INTO counters (name, value) VALUES ('session', $1) ON CONFLICT (name) DO UPDATE SET value = $1`, [sessions]);

  log(`executions: ${executions}`);
  await client.query(
    `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, session_confirmed,
                             managed_session_id, event_count, created_at, started_at, finished_at, updated_at)
     SELECT md5('exec' || g)::uuid, 'ISSUE-' || (1 + s % $3::int), 'claude',
            ($2::text[])[1 + g % array_length($2::text[], 1)] || ' ' || ${words("3 + g % 5", "w")},
            '/home/dev/project', 'completed', md5('sess' || s)::uuid::text, md5('sess' || s)::uuid::text, true,
            'SESS-' || s, $4::int,
            now() - (($5::int - g) * interval '30 seconds'), now() - (($5::int - g) * interval '30 seconds'),
            now() - (($5::int - g) * interval '30 seconds') + interval '20 seconds', now()
       FROM generate_series(1, $5::int) g, LATERAL (SELECT 1 + (g - 1) / $6::int AS s) ss`,
    [params.phrases, params.openers, options.issues, options.eventsPerExecution, executions, options.executionsPerSession],
  );

  await client.query(`DROP INDEX IF EXISTS execution_events_search_vector_idx`);
  const common = (g: string) => `md5('exec' || (1 + (${g} - 1) / $2::int))::uuid, (1 + (${g} - 1) % $2::int)::int`;
  const envelope = (content: string, g: string) =>
    `jsonb_build_object('type', 'assistant', 'message', jsonb_build_object('id', 'msg_' || ${g}, 'type', 'message', 'role', 'assistant',
       'model', 'claude-sonnet-4-5', 'content', jsonb_build_array(${content})), 'parent_tool_use_id', NULL,
       'session_id', md5('sess' || (1 + ((${g} - 1) / $2::int) / $4::int))::uuid::text, 'uuid', md5('evt' || ${g})::uuid)`;
  const createdAt = (g: string) => `now() - (($3::int - ${g}) * interval '150 milliseconds')`;

  log("events: assistant text");
  await client.query(
    `INSERT INTO execution_events (execution_id, seq, stream, kind, payload, search_text, search_vector, created_at)
     SELECT ${common("g")}, 'stdout', 'assistant', ${envelope("jsonb_build_object('type', 'text', 'text', t.text)", "g")},
            t.text, to_tsvector('english', t.text), ${createdAt("g")}
       FROM generate_series(1, $3::int) g,
            LATERAL (SELECT ${words("4 + g % 9", "w")} || CASE WHEN g % 50 = 0 THEN ' error code E' || (g % 9973) ELSE '' END || '.' AS text) t
      WHERE ${TYPE("g")} < 0.40`,
    [params.phrases, options.eventsPerExecution, options.events, options.executionsPerSession],
  );

  log("events: tool calls");
  await client.query(
    `INSERT INTO execution_events (execution_id, seq, stream, kind, payload, search_text, search_vector, created_at)
     SELECT ${common("g")}, 'stdout', 'assistant',
            ${envelope("jsonb_build_object('type', 'tool_use', 'id', 'toolu_' || g, 'name', c.tool, 'input', c.input)", "g")},
            c.text, to_tsvector('english', c.text), ${createdAt("g")}
       FROM generate_series(1, $3::int) g,
            LATERAL (SELECT 1 + floor(pow(random(), 1.6) * array_length($5::text[], 1))::int AS p,
                            1 + floor(pow(random(), 1.8) * array_length($7::text[], 1))::int AS k,
                            1 + floor(random() * array_length($8::text[], 1))::int AS q,
                            (hashint4(g + 7) & 1023) / 1024.0 AS r) pick,
            LATERAL (SELECT CASE WHEN pick.r < 0.40 THEN 'Bash' WHEN pick.r < 0.60 THEN 'Read' WHEN pick.r < 0.80 THEN 'Edit'
                                 WHEN pick.r < 0.90 THEN 'Write' ELSE 'Grep' END AS tool) tt,
            LATERAL (SELECT tt.tool AS tool,
                            CASE tt.tool
                              WHEN 'Bash' THEN jsonb_build_object('command', ($7::text[])[pick.k], 'description', 'Run ' || ($7::text[])[pick.k])
                              WHEN 'Read' THEN jsonb_build_object('file_path', ($5::text[])[pick.p])
                              WHEN 'Edit' THEN jsonb_build_object('file_path', ($5::text[])[pick.p], 'old_string', 'const a = 1;', 'new_string', 'const a = 2;')
                              WHEN 'Write' THEN jsonb_build_object('file_path', ($5::text[])[pick.p], 'content', 'export {};')
                              ELSE jsonb_build_object('pattern', ($8::text[])[pick.q], 'path', 'src')
                            END AS input,
                            tt.tool || E'\\n' || CASE tt.tool
                              WHEN 'Bash' THEN ($7::text[])[pick.k] || E'\\nRun ' || ($7::text[])[pick.k]
                              WHEN 'Grep' THEN ($8::text[])[pick.q] || E'\\nsrc'
                              ELSE ($6::text[])[pick.p]
                            END AS text) c
      WHERE ${TYPE("g")} >= 0.40 AND ${TYPE("g")} < 0.62 AND cardinality($1::text[]) > 0`,
    [
      params.phrases,
      options.eventsPerExecution,
      options.events,
      options.executionsPerSession,
      params.paths,
      params.pathTerms,
      params.commands,
      params.patterns,
    ],
  );

  log("events: tool results, stream and system events");
  await client.query(
    `INSERT INTO execution_events (execution_id, seq, stream, kind, payload, created_at)
     SELECT ${common("g")}, 'stdout',
            CASE WHEN ${TYPE("g")} < 0.90 THEN 'user' ELSE 'stream_event' END,
            CASE WHEN ${TYPE("g")} < 0.90
              THEN jsonb_build_object('type', 'user', 'message', jsonb_build_object('role', 'user', 'content',
                     jsonb_build_array(jsonb_build_object('type', 'tool_result', 'tool_use_id', 'toolu_' || (g - 1),
                       'content', ($5::text[])[1 + g % array_length($5::text[], 1)] || E'\\n' || repeat('  output line ' || g || E'\\n', 1 + g % 12)))),
                     'session_id', md5('sess' || (1 + ((g - 1) / $2::int) / $4::int))::uuid::text)
              ELSE jsonb_build_object('type', 'stream_event', 'event', jsonb_build_object('type', 'content_block_delta', 'index', 0,
                     'delta', jsonb_build_object('type', 'text_delta', 'text', 'partial text ' || g)))
            END,
            ${createdAt("g")}
       FROM generate_series(1, $3::int) g
      WHERE ${TYPE("g")} >= 0.62 AND cardinality($1::text[]) > 0`,
    [params.phrases, options.eventsPerExecution, options.events, options.executionsPerSession, params.outputs],
  );

  log("index: execution_events_search_vector_idx (GIN)");
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`CREATE INDEX execution_events_search_vector_idx ON execution_events USING GIN (search_vector)`);
  await client.query(`RESET maintenance_work_mem`);
  log("vacuum analyze");
  await client.query(`VACUUM ANALYZE execution_events`);
  await client.query(`VACUUM ANALYZE executions`);
  await client.query(`VACUUM ANALYZE sessions`);

  const { rows } = await client.query<{ events: string; searchable: string; table_mb: string; index_mb: string }>(
    `SELECT count(*) AS events, count(search_text) AS searchable,
            pg_table_size('execution_events') / 1048576 AS table_mb,
            pg_relation_size('execution_events_search_vector_idx') / 1048576 AS index_mb
       FROM execution_events`,
  );
  return {
    events: Number(rows[0].events),
    searchableEvents: Number(rows[0].searchable),
    executions,
    sessions,
    issues: options.issues,
    seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    tableMb: Number(rows[0].table_mb),
    indexMb: Number(rows[0].index_mb),
  };
}
