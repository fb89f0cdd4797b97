import type pg from "pg";
import { createIssue } from "@/bench/lib/seed-ui";

// An issue with many sessions (SESS-n), each a short chain of turns (a run
// and its Continues), as an issue worked on for weeks looks: the "200
// sessions" measure of bench/ui-scale.ts. Plain SQL.

/** `sessions` sessions of `turns` executions each; returns the issue and how many executions it has. */
export async function seedManySessions(client: pg.Client, options: { sessions: number; turns: number }): Promise<{ issueId: string; executions: number }> {
  const { sessions, turns } = options;
  const issueId = await createIssue(client, `An issue with ${sessions} sessions`, "Seeded for the UI benchmark: many sessions of a few turns each.");
  const base = Number(
    (await client.query<{ value: number }>(`SELECT coalesce((SELECT value FROM counters WHERE name = 'session'), 0) AS value`)).rows[0].value,
  );
  await client.query(
    `INSERT INTO sessions (id, number, agent, agent_session_id, issue_id, title, created_at, updated_at, last_activity_at)
     SELECT 'SESS-' || ($2::int + s), $2::int + s, 'claude', md5($1 || s)::uuid::text, $1, 'Session ' || s || ': billing refactor, part ' || (s % 7 + 1),
            now() - (($3::int - s) * interval '1 hour'), now(), now() - (($3::int - s) * interval '1 hour')
       FROM generate_series(1, $3::int) s`,
    [issueId, base, sessions],
  );
  await client.query(`INSERT INTO counters (name, value) VALUES ('session', $1) ON CONFLICT (name) DO UPDATE SET value = $1`, [base + sessions]);
  // Turn t of session s continues turn t - 1 (same agent session, same SESS-n).
  await client.query(
    `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, session_confirmed, managed_session_id,
       parent_execution_id, input_tokens, output_tokens, cost_usd, duration_ms, num_turns, event_count, created_at, started_at, finished_at, updated_at)
     SELECT md5($1 || s || '/' || t)::uuid, $1, 'claude', 'Session ' || s || ', turn ' || t || ': keep going with the billing module',
            '/workspace/app', 'completed', md5($1 || s)::uuid::text, md5($1 || s)::uuid::text, true, 'SESS-' || ($2::int + s),
            CASE WHEN t > 1 THEN md5($1 || s || '/' || (t - 1))::uuid END, 12000, 900, 0.042, 35000, 3, 0,
            now() - (($3::int - s) * interval '1 hour') + t * interval '1 minute',
            now() - (($3::int - s) * interval '1 hour') + t * interval '1 minute',
            now() - (($3::int - s) * interval '1 hour') + t * interval '1 minute' + interval '35 seconds', now()
       FROM generate_series(1, $3::int) s, generate_series(1, $4::int) t`,
    [issueId, base, sessions, turns],
  );
  return { issueId, executions: sessions * turns };
}
