// Seeds data for the UI at scale (bench/ui-scale.ts, and screenshots): an
// issue whose session tree has N executions (chains of continuations with
// forks off them, Claude-like sessions, statuses, usage), and an execution
// whose log has M events shaped exactly like Claude Code's stream-json lines
// (so they go through the real normalizer). Plain SQL, so 100k events take
// seconds.
import { randomUUID } from "node:crypto";
import type pg from "pg";

/** A small deterministic PRNG (mulberry32), so every run seeds the same tree. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function createIssue(client: pg.Client, title: string, body = ""): Promise<string> {
  const { rows } = await client.query<{ value: number }>(
    `INSERT INTO counters (name, value) VALUES ('issue', 1) ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
  );
  const number = rows[0].value;
  const id = `ISSUE-${number}`;
  await client.query(
    `INSERT INTO issues (id, number, title, body, status, priority, created_at, updated_at) VALUES ($1, $2, $3, $4, 'in_progress', 'high', now(), now())`,
    [id, number, title, body],
  );
  return id;
}

type Seeded = {
  id: string;
  parent: string | null;
  forkedFrom: string | null;
  sessionId: string | null;
  forkSessionId: string | null;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
  prompt: string;
  createdAt: Date;
  hasContinuation: boolean;
};

const PROMPTS = [
  "Fix the flaky login test and explain the cause",
  "Try OAuth instead of session cookies",
  "Add rate limiting to the API routes",
  "Refactor the billing module into smaller files",
  "Write integration tests for the export job",
  "Investigate the memory growth in the worker",
  "Keep going: handle the edge cases we discussed",
  "Now add password reset",
  "Use a queue for the email sending",
  "Review the diff and tidy the naming",
];

/**
 * An issue with `count` executions: `roots` original runs, then each new
 * execution either continues a chain's head (70%) or forks from any earlier
 * execution (30%). Returns the ids in creation order.
 */
export async function seedSessionTree(
  client: pg.Client,
  options: { count: number; roots?: number; title?: string; seed?: number; cwd?: string; live?: number },
): Promise<{ issueId: string; ids: string[] }> {
  const random = prng(options.seed ?? 7);
  const issueId = await createIssue(
    client,
    options.title ?? `Session tree with ${options.count} executions`,
    "Seeded for the UI benchmark: chains of continuations with forks.",
  );
  const roots = Math.min(options.roots ?? Math.max(1, Math.round(options.count / 200)), options.count);
  const start = Date.now() - options.count * 60_000;
  const made: Seeded[] = [];
  const heads: Seeded[] = [];
  for (let i = 0; i < options.count; i++) {
    const createdAt = new Date(start + i * 60_000);
    const prompt = `${PROMPTS[i % PROMPTS.length]} (#${i + 1})`;
    let e: Seeded;
    if (i < roots || made.length === 0) {
      e = {
        id: randomUUID(),
        parent: null,
        forkedFrom: null,
        sessionId: randomUUID(),
        forkSessionId: null,
        status: "completed",
        errorCode: null,
        errorMessage: null,
        prompt,
        createdAt,
        hasContinuation: false,
      };
    } else if (heads.length > 0 && random() < 0.7) {
      const head = heads.splice(Math.floor(random() ** 0.5 * heads.length), 1)[0];
      head.hasContinuation = true;
      e = {
        id: randomUUID(),
        parent: head.id,
        forkedFrom: null,
        sessionId: head.sessionId,
        forkSessionId: null,
        status: "completed",
        errorCode: null,
        errorMessage: null,
        prompt,
        createdAt,
        hasContinuation: false,
      };
    } else {
      const source = made[Math.floor(random() ** 0.6 * made.length)];
      e = {
        id: randomUUID(),
        parent: null,
        forkedFrom: source.id,
        sessionId: randomUUID(),
        forkSessionId: source.sessionId,
        status: "completed",
        errorCode: null,
        errorMessage: null,
        prompt,
        createdAt,
        hasContinuation: false,
      };
    }
    const roll = random();
    if (roll < 0.03) {
      e.status = "failed";
      e.errorCode = "session_not_found";
      e.errorMessage = "No conversation found with session ID";
    } else if (roll < 0.06) {
      e.status = "failed";
      e.errorCode = "exit_nonzero";
      e.errorMessage = "The agent exited with code 1";
    } else if (roll < 0.08) {
      e.status = "cancelled";
    } else if (roll < 0.09) {
      e.status = "interrupted";
    }
    made.push(e);
    if (e.status !== "cancelled" && !(e.status === "failed" && e.errorCode === "session_not_found")) heads.push(e);
  }
  // The newest few are live, as on a busy day.
  for (const e of options.live ? made.slice(-options.live) : []) {
    e.status = "running";
    e.errorCode = null;
    e.errorMessage = null;
  }
  const col = <T>(f: (e: Seeded, i: number) => T) => made.map(f);
  await client.query(
    `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, session_confirmed,
       parent_execution_id, forked_from_execution_id, fork_session_id, error_code, error_message,
       input_tokens, output_tokens, cost_usd, duration_ms, num_turns, event_count, created_at, started_at, finished_at, updated_at)
     SELECT id, $1, 'claude', prompt, $2, status::"ExecutionStatus", session_id, session_id, session_id IS NOT NULL,
       parent, forked, fork_session, error_code, error_message,
       tin, tout, cost, dur, turns, 0, created, created + interval '1 second',
       CASE WHEN status IN ('running','queued') THEN NULL ELSE created + (dur || ' milliseconds')::interval END, created
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::text[],
                 $12::int[], $13::int[], $14::float8[], $15::int[], $16::int[], $17::timestamptz[])
       AS t(id, prompt, status, session_id, parent, forked, fork_session, error_code, error_message, tin, tout, cost, dur, turns, created)`,
    [
      issueId,
      options.cwd ?? "/workspace/app",
      col((e) => e.id),
      col((e) => e.prompt),
      col((e) => e.status),
      col((e) => e.sessionId),
      col((e) => e.parent),
      col((e) => e.forkedFrom),
      col((e) => e.forkSessionId),
      col((e) => e.errorCode),
      col((e) => e.errorMessage),
      col((_, i) => 1_000 + ((i * 7919) % 40_000)),
      col((_, i) => 200 + ((i * 104729) % 9_000)),
      col((_, i) => Number((0.002 + ((i * 31) % 900) / 1000).toFixed(4))),
      col((_, i) => 4_000 + ((i * 7727) % 180_000)),
      col((_, i) => 1 + (i % 17)),
      col((e) => e.createdAt.toISOString()),
    ],
  );
  return { issueId, ids: made.map((e) => e.id) };
}

/**
 * One execution whose log has `events` Claude stream-json events: init, then
 * a repeating turn (text, Bash call + output, Read + a long file, Edit + ok,
 * thinking), the odd tool error, and a final result.
 */
export async function seedLongLog(
  client: pg.Client,
  options: { issueId: string; events: number; prompt?: string },
): Promise<{ executionId: string; sessionId: string }> {
  const executionId = randomUUID();
  const sessionId = randomUUID();
  const n = options.events;
  await client.query(
    `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, session_confirmed,
       input_tokens, output_tokens, cost_usd, duration_ms, num_turns, event_count, created_at, started_at, finished_at, updated_at)
     VALUES ($1, $2, 'claude', $3, '/workspace/app', 'completed', $4, $4, true, 1200000, 340000, 48.25, 5400000, $5, $6,
       now() - interval '2 hours', now() - interval '2 hours', now() - interval '30 minutes', now())`,
    [executionId, options.issueId, options.prompt ?? `A very long run: ${n.toLocaleString("en-US")} log events`, sessionId, Math.ceil(n / 8), n],
  );
  await seedEvents(client, { executionId, sessionId, events: n });
  return { executionId, sessionId };
}

/** Adds `events` Claude-shaped events (seq 1..n) to an execution and sets its event count. */
export async function seedEvents(client: pg.Client, options: { executionId: string; sessionId: string; events: number }): Promise<void> {
  const { executionId, sessionId } = options;
  const n = options.events;
  // Built in SQL: one INSERT … SELECT over generate_series.
  await client.query(
    `INSERT INTO execution_events (execution_id, seq, stream, kind, payload, created_at)
     SELECT $1::uuid, s, 'stdout',
       CASE WHEN s = 1 THEN 'system_init' WHEN s = $2 THEN 'result' WHEN s % 8 IN (2, 4, 6) THEN 'user' ELSE 'assistant' END,
       CASE
         WHEN s = 1 THEN jsonb_build_object('type', 'system', 'subtype', 'init', 'session_id', $3::text, 'cwd', '/workspace/app',
              'model', 'claude-sonnet-4-5', 'tools', jsonb_build_array('Bash', 'Read', 'Edit', 'Write', 'Grep', 'Glob', 'Task'))
         WHEN s = $2 THEN jsonb_build_object('type', 'result', 'subtype', 'success', 'is_error', false, 'session_id', $3::text,
              'result', E'All done. **' || $2 || E' events** later the refactor is complete:\\n\\n- tests pass\\n- the billing module is split in four files\\n- docs updated',
              'total_cost_usd', 48.25, 'duration_ms', 5400000, 'num_turns', ($2 / 8),
              'usage', jsonb_build_object('input_tokens', 1200000, 'output_tokens', 340000))
         WHEN s % 8 = 0 THEN jsonb_build_object('type', 'assistant', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('id', 'msg_' || s, 'role', 'assistant', 'model', 'claude-sonnet-4-5',
                'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text',
                  E'Step ' || s || E': looking at **module ' || (s % 97) || E'**. The plan:\\n\\n1. read the file\\n2. run the tests\\n3. fix \`parseInvoice()\`\\n\\n\`\`\`ts\\nconst total = lines.reduce((a, l) => a + l.amount, 0);\\n\`\`\`')))) 
         WHEN s % 8 = 1 THEN jsonb_build_object('type', 'assistant', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('id', 'msg_' || s, 'role', 'assistant', 'model', 'claude-sonnet-4-5',
                'content', jsonb_build_array(jsonb_build_object('type', 'tool_use', 'id', 'toolu_' || s, 'name', 'Bash',
                  'input', jsonb_build_object('command', 'npm test -- --grep "invoice ' || (s % 97) || '"', 'description', 'Run the invoice tests')))))
         WHEN s % 8 = 3 THEN jsonb_build_object('type', 'assistant', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('id', 'msg_' || s, 'role', 'assistant', 'model', 'claude-sonnet-4-5',
                'content', jsonb_build_array(jsonb_build_object('type', 'tool_use', 'id', 'toolu_' || s, 'name', 'Read',
                  'input', jsonb_build_object('file_path', '/workspace/app/src/billing/module-' || (s % 97) || '.ts')))))
         WHEN s % 8 = 5 THEN jsonb_build_object('type', 'assistant', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('id', 'msg_' || s, 'role', 'assistant', 'model', 'claude-sonnet-4-5',
                'content', jsonb_build_array(jsonb_build_object('type', 'tool_use', 'id', 'toolu_' || s, 'name', 'Edit',
                  'input', jsonb_build_object('file_path', '/workspace/app/src/billing/module-' || (s % 97) || '.ts',
                    'old_string', E'export function total(lines) {\\n  let t = 0;\\n  for (const l of lines) t += l.amount;\\n  return t;\\n}',
                    'new_string', E'export function total(lines: Line[]): number {\\n  return lines.reduce((a, l) => a + l.amount, 0);\\n}')))))
         WHEN s % 8 = 7 THEN jsonb_build_object('type', 'assistant', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('id', 'msg_' || s, 'role', 'assistant', 'model', 'claude-sonnet-4-5',
                'content', jsonb_build_array(jsonb_build_object('type', 'thinking', 'thinking', 'The reduce keeps it pure; check the rounding of cents next.', 'signature', 'x'))))
         WHEN s % 8 = 2 THEN jsonb_build_object('type', 'user', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('role', 'user', 'content', jsonb_build_array(jsonb_build_object('type', 'tool_result', 'tool_use_id', 'toolu_' || (s - 1),
                'is_error', s % 997 = 2,
                'content', CASE WHEN s % 997 = 2 THEN E'Error: Command failed with exit code 1\\n  at invoice.test.ts:42\\nExpected 1999 to equal 2000'
                  ELSE E'> arbor-app@1.0.0 test\\n> jest --grep invoice\\n\\nPASS src/billing/invoice.test.ts\\n  ✓ totals lines (3 ms)\\n  ✓ rounds cents (1 ms)\\n\\nTests: 2 passed, 2 total\\nTime: 0.8 s' END))))
         WHEN s % 8 = 4 THEN jsonb_build_object('type', 'user', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('role', 'user', 'content', jsonb_build_array(jsonb_build_object('type', 'tool_result', 'tool_use_id', 'toolu_' || (s - 1),
                'content', (SELECT string_agg(lpad(i::text, 4) || E'\\t' || 'const line' || i || ' = compute(' || i || ', ' || s || ');', E'\\n') FROM generate_series(1, 60) AS i)))))
         ELSE jsonb_build_object('type', 'user', 'session_id', $3::text, 'uuid', md5(s::text), 'parent_tool_use_id', null,
              'message', jsonb_build_object('role', 'user', 'content', jsonb_build_array(jsonb_build_object('type', 'tool_result', 'tool_use_id', 'toolu_' || (s - 1),
                'content', 'The file /workspace/app/src/billing/module-' || (s % 97) || '.ts has been updated successfully.'))))
       END,
       now() - interval '2 hours' + (s || ' milliseconds')::interval
     FROM generate_series(1, $2::int) AS s`,
    [executionId, n, sessionId],
  );
  await client.query(`UPDATE executions SET event_count = $2 WHERE id = $1`, [executionId, n]);
}
