// Makes everything stored so far searchable as new rows are:
//  1. events stored before search existed get search_text (the same text the
//     runner's event writer stores for new events, server/search/search-text.ts)
//     and its vector;
//  2. events indexed before the vectors carried the words of file paths
//     (migration 20261127120000_search_specs_issues) get their vector rebuilt
//     by search_vector_of(), so `hello` finds an event that says `hello.txt`;
//  3. specs, issues, sessions and executions' prompts get theirs rebuilt by
//     their triggers (a no-op update of their text; the migration did this
//     once already, this is for a database restored from an older dump).
// Safe to run again and while Arbor runs; works in batches so it never holds
// many locks.
//
//   DATABASE_URL=… npm run backfill-search -- [--batch 2000]
import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig, requireDatabaseUrl } from "@/server/config/load-config";
import { getAgentDefinition } from "@/server/agents/registry";
import { searchTextOf } from "@/server/search/search-text";

type Key = { execution: string; seq: number };
const FIRST: Key = { execution: "00000000-0000-0000-0000-000000000000", seq: 0 };
const count = (n: number) => n.toLocaleString("en-US");

async function main() {
  const { values } = parseArgs({ options: { batch: { type: "string", default: "2000" } } });
  const batch = Number(values.batch);
  const url = requireDatabaseUrl(loadConfig());
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // a lost connection fails the running statement, which ends the script
  await client.connect();
  try {
    await fillMissingText(client, batch);
    await rebuildEventVectors(client, batch);
    for (const [table, column] of [
      ["specs", "title"],
      ["issues", "title"],
      ["sessions", "title"],
      ["executions", "prompt"],
    ] as const) {
      const { rowCount } = await client.query(`UPDATE ${table} SET ${column} = ${column}`);
      console.log(`[backfill-search] ${table}: ${count(rowCount ?? 0)} search vector(s) rebuilt`);
    }
  } finally {
    await client.end();
  }
}

async function fillMissingText(client: pg.Client, batch: number): Promise<void> {
  let after = FIRST;
  let scanned = 0;
  let filled = 0;
  for (;;) {
    const { rows } = await client.query<{ execution_id: string; seq: number; kind: string; payload: unknown; agent: string }>(
      `SELECT e.execution_id::text AS execution_id, e.seq, e.kind, e.payload, x.agent
         FROM execution_events e JOIN executions x ON x.id = e.execution_id
        WHERE (e.execution_id, e.seq) > ($1::uuid, $2::int) AND e.stream = 'stdout' AND e.search_text IS NULL
        ORDER BY e.execution_id, e.seq
        LIMIT $3`,
      [after.execution, after.seq, batch],
    );
    if (rows.length === 0) break;
    scanned += rows.length;
    after = { execution: rows.at(-1)!.execution_id, seq: rows.at(-1)!.seq };
    const updates = rows.flatMap((row) => {
      const agent = getAgentDefinition(row.agent);
      if (!agent) return [];
      let text: string | null = null;
      try {
        text = searchTextOf(agent.normalize({ kind: row.kind, payload: row.payload }));
      } catch {
        text = null;
      }
      return text ? [{ execution: row.execution_id, seq: row.seq, text: text.replaceAll("\u0000", "\uFFFD") }] : [];
    });
    if (updates.length > 0) {
      await client.query(
        `UPDATE execution_events e SET search_text = u.t, search_vector = search_vector_of(u.t)
           FROM unnest($1::uuid[], $2::int[], $3::text[]) AS u(x, s, t)
          WHERE e.execution_id = u.x AND e.seq = u.s AND e.search_text IS NULL`,
        [updates.map((u) => u.execution), updates.map((u) => u.seq), updates.map((u) => u.text)],
      );
      filled += updates.length;
    }
    console.log(`[backfill-search] ${count(scanned)} events without searchable text read, ${count(filled)} made searchable`);
  }
}

async function rebuildEventVectors(client: pg.Client, batch: number): Promise<void> {
  let after = FIRST;
  let rebuilt = 0;
  for (;;) {
    const { rows } = await client.query<{ execution_id: string; seq: number }>(
      `WITH next AS (
         SELECT execution_id, seq FROM execution_events
          WHERE (execution_id, seq) > ($1::uuid, $2::int) AND search_text IS NOT NULL
          ORDER BY execution_id, seq
          LIMIT $3)
       UPDATE execution_events e SET search_vector = search_vector_of(e.search_text)
         FROM next WHERE e.execution_id = next.execution_id AND e.seq = next.seq
       RETURNING e.execution_id::text AS execution_id, e.seq`,
      [after.execution, after.seq, batch],
    );
    if (rows.length === 0) break;
    rebuilt += rows.length;
    const last = rows.reduce((a, b) => (a.execution_id > b.execution_id || (a.execution_id === b.execution_id && a.seq > b.seq) ? a : b));
    after = { execution: last.execution_id, seq: last.seq };
    console.log(`[backfill-search] ${count(rebuilt)} event search vector(s) rebuilt`);
  }
}

main().then(
  () => {
    console.log("[backfill-search] done");
    process.exit(0);
  },
  (error) => {
    console.error(`[backfill-search] failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
