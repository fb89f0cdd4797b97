import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR } from "@/server/migrations/apply-migrations";
import { testDatabaseUrl } from "@/test/support/db";
import { createScratchDatabase, type ScratchDatabase } from "@/test/support/schema-drift/scratch-database";

// The sessions migration turns every agent session that executions captured
// before it existed into a Session: numbered in order of first use, titled
// after the first turn, forks linked to their parent session, executions
// linked, and the SESS counter continued after them.

jest.setTimeout(60_000);

const SESSIONS_MIGRATION = "20261122020000_sessions";

let scratch: ScratchDatabase;
let before: string;
beforeAll(async () => {
  scratch = await createScratchDatabase(testDatabaseUrl(), "arbor_sessions_backfill");
  const names = (await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  before = await mkdtemp(path.join(os.tmpdir(), "arbor-migrations-"));
  for (const name of names.filter((n) => n < SESSIONS_MIGRATION))
    await cp(path.join(DEFAULT_MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
});
afterAll(async () => {
  await scratch?.drop();
  if (before) await rm(before, { recursive: true, force: true });
});

test("existing executions with a session id are backfilled into sessions", async () => {
  await applyMigrations(scratch.url, { dir: before });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query(`INSERT INTO issues (id, number, title, updated_at) VALUES ('ISSUE-1', 1, 'Old issue', now())`);
    const exec = (id: string, prompt: string, session: string | null, minutesAgo: number, extra: Record<string, string> = {}) =>
      client.query(
        `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, created_at, started_at, finished_at, updated_at, parent_execution_id, forked_from_execution_id, fork_session_id)
         VALUES ($1, 'ISSUE-1', 'claude', $2, '/w', 'completed', $3, $3, now() - make_interval(mins => $4), now() - make_interval(mins => $4), now() - make_interval(mins => $4 - 1), now(), $5, $6, $7)`,
        [id, prompt, session, minutesAgo, extra.parent ?? null, extra.forkedFrom ?? null, extra.forkSession ?? null],
      );
    const A1 = "00000000-0000-4000-8000-000000000001";
    const A2 = "00000000-0000-4000-8000-000000000002";
    const B1 = "00000000-0000-4000-8000-000000000003";
    const F1 = "00000000-0000-4000-8000-000000000004";
    const N1 = "00000000-0000-4000-8000-000000000005";
    await exec(A1, "  first\n\nsession  prompt ", "sid-a", 60);
    await exec(A2, "second turn of a", "sid-a", 50, { parent: A1 });
    await exec(B1, "x".repeat(120), "sid-b", 40);
    await exec(F1, "fork of a", "sid-f", 30, { forkedFrom: A1, forkSession: "sid-a" });
    await exec(N1, "failed before any session", null, 20);

    const result = await applyMigrations(scratch.url);
    expect(result.applied).toContain(SESSIONS_MIGRATION);

    const sessions = (
      await client.query(
        `SELECT id, number, agent, agent_session_id, issue_id, title, parent_session_id, forked_from_execution_id::text, archived, description,
                to_char(last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS last_activity
         FROM sessions ORDER BY number`,
      )
    ).rows;
    expect(sessions.map((s) => [s.id, s.agent_session_id, s.title, s.parent_session_id, s.forked_from_execution_id])).toEqual([
      ["SESS-1", "sid-a", "first session prompt", null, null],
      ["SESS-2", "sid-b", `${"x".repeat(79)}…`, null, null],
      ["SESS-3", "sid-f", "fork of a", "SESS-1", A1],
    ]);
    expect(sessions.every((s) => s.issue_id === "ISSUE-1" && s.agent === "claude" && s.archived === false && s.description === "")).toBe(true);
    // Last activity: the latest finish among the session's executions (A2, 49 minutes ago).
    const a2Finish = (await client.query(`SELECT to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS t FROM executions WHERE id = $1`, [A2]))
      .rows[0].t;
    expect(sessions[0].last_activity).toBe(a2Finish);

    const links = (await client.query(`SELECT id::text, managed_session_id FROM executions ORDER BY created_at`)).rows;
    expect(links).toEqual([
      { id: A1, managed_session_id: "SESS-1" },
      { id: A2, managed_session_id: "SESS-1" },
      { id: B1, managed_session_id: "SESS-2" },
      { id: F1, managed_session_id: "SESS-3" },
      { id: N1, managed_session_id: null },
    ]);
    expect((await client.query(`SELECT value FROM counters WHERE name = 'session'`)).rows[0].value).toBe(3);
    const defaults = (await client.query(`SELECT agent_prompt, expanded_references FROM executions WHERE id = $1`, [A1])).rows[0];
    expect(defaults).toEqual({ agent_prompt: null, expanded_references: [] });
  } finally {
    await client.end();
  }
});
