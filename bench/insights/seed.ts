import type pg from "pg";

// Fills the insights benchmark's database with a big, varied history, in SQL
// (INSERT … SELECT generate_series), deterministic for given options:
//   specs and issues (a fifth of issues done, most in a spec; some specs cite sessions),
//   `executions` executions over `days` days: 4 agents, ~60 % new runs, 25 %
//     continuations, 12 % forks, 3 % fresh starts; 75 % completed, 15 % failed
//     (five error codes), the rest cancelled / interrupted / still running;
//     95 % with a session id captured 0.3–9 s after start; tokens, cost, turns;
//     cache-read tokens recorded for the newer half,
//   their sessions (archived now and then), facts (model, tools) for each,
//   marks on 8 % of executions and 2 % of sessions, a preferred line at a third of branching points,
//   `eventsPerExecution` events per execution (prompt-sized Claude-like payloads),
// then ANALYZE. Insights must answer without reading the events.

export type InsightsSeedOptions = { executions: number; eventsPerExecution: number; issues: number; specs: number; days: number };

export type InsightsSeedStats = {
  executions: number;
  events: number;
  issues: number;
  specs: number;
  sessions: number;
  seconds: number;
  executionsMb: number;
  eventsMb: number;
};

const R = (g: string, salt: number) => `((hashint4(${g} * 7919 + ${salt}) & 65535) / 65536.0)`;

export async function seedInsightsData(client: pg.Client, options: InsightsSeedOptions, log: (line: string) => void): Promise<InsightsSeedStats> {
  const t0 = performance.now();
  const { rows: tables } = await client.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  );
  await client.query(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  const n = options.executions;
  const start = `(now() - interval '${options.days} days')`;

  log(`specs ${options.specs}, issues ${options.issues}`);
  await client.query(
    `INSERT INTO specs (id, number, title, body, updated_at) SELECT 'SPEC-' || g, g, 'Spec ' || g, '', now() FROM generate_series(1, $1::int) g`,
    [options.specs],
  );
  await client.query(
    `INSERT INTO issues (id, number, title, body, status, spec_id, updated_at)
     SELECT 'ISSUE-' || g, g, 'Issue ' || g, '', CASE WHEN g % 5 = 0 THEN 'done' WHEN g % 7 = 0 THEN 'closed' ELSE 'open' END::"IssueStatus",
            CASE WHEN g % 6 = 0 THEN NULL ELSE 'SPEC-' || (1 + g % $2::int) END, now()
       FROM generate_series(1, $1::int) g`,
    [options.issues, options.specs],
  );
  await client.query(`INSERT INTO counters (name, value) VALUES ('spec', $1), ('issue', $2)`, [options.specs, options.issues]);

  // Executions: g = 1…n in creation order. Lineage by g: a continuation or fork
  // points at an earlier execution of the same issue (g - issues, …).
  log(`executions ${n.toLocaleString("en-US")}`);
  const kind = R("g", 1);
  const statusR = R("g", 2);
  await client.query(
    `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, session_confirmed,
                             parent_execution_id, forked_from_execution_id, restarted_from_execution_id, fork_session_id,
                             error_code, error_message, input_tokens, output_tokens, cache_read_tokens, cost_usd, duration_ms, num_turns,
                             event_count, search_indexed_seq, created_at, started_at, session_captured_at, finished_at, updated_at)
     SELECT md5('x' || g)::uuid, 'ISSUE-' || (1 + g % $2::int),
            (ARRAY['claude','claude','claude','codex','gemini','command'])[1 + (hashint4(g) & 65535) % 6],
            'Work on issue ' || (1 + g % $2::int) || ': ' || repeat('make the change, keep the tests green and explain what you did. ', 2 + g % 6),
            '/home/dev/project', st.status::"ExecutionStatus",
            md5('s' || g)::uuid::text,
            CASE WHEN st.status IN ('queued') OR ${R("g", 3)} < 0.05 OR st.err = 'session_not_found' THEN NULL ELSE md5('s' || g)::uuid::text END,
            st.status = 'completed',
            CASE WHEN k.lineage = 'continue' THEN md5('x' || (g - $2::int))::uuid END,
            CASE WHEN k.lineage = 'fork' THEN md5('x' || (g - $2::int))::uuid END,
            CASE WHEN k.lineage = 'restart' THEN md5('x' || (g - $2::int))::uuid END,
            CASE WHEN k.lineage = 'fork' THEN md5('s' || (g - $2::int))::uuid::text END,
            st.err, CASE WHEN st.err IS NOT NULL THEN 'The agent failed: ' || st.err END,
            t.input, t.output, CASE WHEN g > $1::int / 2 AND t.input IS NOT NULL THEN t.input / 2 END,
            CASE WHEN t.input IS NOT NULL THEN round((t.input * 0.000003 + t.output * 0.000015)::numeric, 6) END,
            CASE WHEN t.input IS NOT NULL THEN 5000 + g % 90000 END,
            CASE WHEN t.input IS NOT NULL THEN 1 + g % 37 END,
            $3::int, $3::int, c.at, c.at + interval '200 milliseconds',
            CASE WHEN st.status <> 'queued' AND ${R("g", 3)} >= 0.05 AND st.err IS DISTINCT FROM 'session_not_found'
                 THEN c.at + interval '200 milliseconds' + (300 + ${R("g", 4)} * ${R("g", 5)} * 8700) * interval '1 millisecond' END,
            CASE WHEN st.status NOT IN ('queued', 'running') THEN c.at + interval '1 minute' END, now()
       FROM generate_series(1, $1::int) g,
            LATERAL (SELECT ${start} + (g::float8 / $1::int) * interval '${options.days} days' AS at) c,
            LATERAL (SELECT CASE WHEN g <= $2::int OR ${kind} < 0.60 THEN 'new' WHEN ${kind} < 0.85 THEN 'continue'
                                 WHEN ${kind} < 0.97 THEN 'fork' ELSE 'restart' END AS lineage) k,
            LATERAL (SELECT CASE WHEN g > $1::int - 20 THEN 'running' WHEN ${statusR} < 0.75 THEN 'completed' WHEN ${statusR} < 0.90 THEN 'failed'
                                 WHEN ${statusR} < 0.95 THEN 'cancelled' ELSE 'interrupted' END AS status,
                            CASE WHEN g > $1::int - 20 THEN NULL
                                 WHEN ${statusR} >= 0.75 AND ${statusR} < 0.90
                                 THEN (ARRAY['agent_error','agent_error','exit_nonzero','session_not_found','agent_not_found','spawn_failed'])[1 + (hashint4(g + 3) & 65535) % 6]
                                 WHEN ${statusR} >= 0.95 THEN 'runner_lost' END AS err) st,
            LATERAL (SELECT CASE WHEN st.status IN ('completed', 'failed') THEN 2000 + (hashint4(g + 5) & 65535) * 3 END AS input,
                            CASE WHEN st.status IN ('completed', 'failed') THEN 100 + (hashint4(g + 6) & 16383) END AS output) t`,
    [n, options.issues, options.eventsPerExecution],
  );

  log("sessions");
  // One session per agent session (first turn names it); continuations join their parent's.
  await client.query(
    `INSERT INTO sessions (id, number, agent, agent_session_id, issue_id, title, archived, forked_from_execution_id, created_at, updated_at, last_activity_at)
     SELECT 'SESS-' || row_number() OVER (ORDER BY e.created_at), row_number() OVER (ORDER BY e.created_at), e.agent, e.target_session_id, e.issue_id,
            left(e.prompt, 60), (hashint4(hashtext(e.target_session_id)) & 31) = 0, e.forked_from_execution_id, e.created_at, now(), e.created_at
       FROM executions e WHERE e.parent_execution_id IS NULL`,
  );
  // Continuations chain back to a root: give each the session of its first ancestor (at most a few hops).
  await client.query(
    `WITH RECURSIVE up AS (
       SELECT id, parent_execution_id AS cur FROM executions WHERE parent_execution_id IS NOT NULL
       UNION ALL
       SELECT up.id, p.parent_execution_id FROM up JOIN executions p ON p.id = up.cur WHERE p.parent_execution_id IS NOT NULL
     )
     UPDATE executions e SET managed_session_id = s.id, agent = root.agent, target_session_id = root.target_session_id,
            session_id = CASE WHEN e.session_id IS NOT NULL THEN root.target_session_id END
       FROM up JOIN executions root ON root.id = up.cur AND root.parent_execution_id IS NULL
       JOIN sessions s ON s.agent_session_id = root.target_session_id AND s.agent = root.agent
      WHERE e.id = up.id`,
  );
  await client.query(
    `UPDATE executions e SET managed_session_id = s.id FROM sessions s
      WHERE e.managed_session_id IS NULL AND s.agent_session_id = e.target_session_id AND s.agent = e.agent`,
  );
  const sessions = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM sessions`)).rows[0].n);
  await client.query(`INSERT INTO counters (name, value) VALUES ('session', $1)`, [sessions]);

  log("facts, references, marks, preferences");
  // The trigger gave every execution its execution_facts row; the indexer's part (model, tools) as it would have found it.
  await client.query(
    `UPDATE execution_facts x
        SET model = CASE x.agent WHEN 'claude' THEN (ARRAY['claude-sonnet-4-5','claude-opus-4-1','claude-haiku-4-5'])[1 + (hashint4(h) & 3) % 3]
                                 WHEN 'codex' THEN 'gpt-5-codex' WHEN 'gemini' THEN 'gemini-2.5-pro' END,
            tools = ARRAY(SELECT t FROM unnest(ARRAY['Bash','Read','Edit','Write','Grep','Glob','Task','WebFetch']) WITH ORDINALITY AS u(t, i)
                           WHERE (hashint4(h + i::int) & 3) <> 0 ORDER BY t),
            tool_calls = h & 63
       FROM (SELECT execution_id, hashtext(execution_id::text) AS h FROM execution_facts) k
      WHERE k.execution_id = x.execution_id AND x.status <> 'queued'`,
  );
  await client.query(
    `INSERT INTO entity_references (source_type, source_id, target_type, target_id)
     SELECT 'spec', 'SPEC-' || g, 'session', 'SESS-' || (1 + g * 37 % $2::int) FROM generate_series(1, $1::int) g WHERE g % 4 = 0`,
    [options.specs, sessions],
  );
  await client.query(
    `INSERT INTO execution_marks (execution_id, verdict, note, via, updated_at)
     SELECT id, CASE WHEN status = 'completed' AND (hashint4(h) & 3) <> 0 THEN 'worked' ELSE 'failed' END::"OutcomeVerdict", '', 'web', now()
       FROM (SELECT id, status, hashtext(id::text) AS h FROM executions WHERE status IN ('completed', 'failed')) e WHERE (h & 1023) < 82`,
  );
  await client.query(
    `INSERT INTO session_marks (session_id, verdict, via, updated_at)
     SELECT id, CASE WHEN number % 3 = 0 THEN 'failed' ELSE 'worked' END::"OutcomeVerdict", 'cli', now() FROM sessions WHERE number % 50 = 0`,
  );
  await client.query(
    `INSERT INTO fork_preferences (branch_point_id, preferred_execution_id, via, updated_at)
     SELECT DISTINCT ON (f.forked_from_execution_id) f.forked_from_execution_id,
            CASE WHEN hashtext(f.id::text) & 1 = 0 THEN f.id ELSE f.forked_from_execution_id END, 'web', now()
       FROM executions f WHERE f.forked_from_execution_id IS NOT NULL AND hashtext(f.forked_from_execution_id::text) % 3 = 0
      ORDER BY f.forked_from_execution_id, f.created_at`,
  );

  if (options.eventsPerExecution > 0) {
    log(`events ${(n * options.eventsPerExecution).toLocaleString("en-US")} (this takes a while)`);
    await client.query(`DROP INDEX IF EXISTS execution_events_search_vector_idx`);
    const chunk = 10_000;
    for (let from = 1; from <= n; from += chunk) {
      await client.query(
        `INSERT INTO execution_events (execution_id, seq, stream, kind, payload, created_at)
         SELECT md5('x' || g)::uuid, s, 'stdout', CASE WHEN s = 1 THEN 'system_init' WHEN s % 3 = 0 THEN 'user' ELSE 'assistant' END,
                jsonb_build_object('type', CASE WHEN s % 3 = 0 THEN 'user' ELSE 'assistant' END, 'message',
                  jsonb_build_object('role', 'assistant', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'step ' || s || ' of the work on ' || g)))),
                now()
           FROM generate_series($1::int, $2::int) g, generate_series(1, $3::int) s`,
        [from, Math.min(n, from + chunk - 1), options.eventsPerExecution],
      );
      if ((from - 1) % (chunk * 10) === 0) log(`  events of executions ${from.toLocaleString("en-US")}…`);
    }
    await client.query(`CREATE INDEX execution_events_search_vector_idx ON execution_events USING GIN (search_vector)`);
  }
  await client.query(`VACUUM ANALYZE`);
  const { rows } = await client.query<{ e: string; v: string }>(
    `SELECT pg_total_relation_size('executions') / 1048576 AS e, pg_total_relation_size('execution_events') / 1048576 AS v`,
  );
  return {
    executions: n,
    events: n * options.eventsPerExecution,
    issues: options.issues,
    specs: options.specs,
    sessions,
    seconds: Math.round((performance.now() - t0) / 1000),
    executionsMb: Number(rows[0].e),
    eventsMb: Number(rows[0].v),
  };
}
