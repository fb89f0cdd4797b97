// Makes events stored before search existed searchable: fills search_text
// and search_vector of agent output events that have neither, from the same
// text the runner's event writer stores for new events
// (server/search/search-text.ts; the runner's search indexer,
// server/search/index-pending-events.ts, then fills their vectors). Rows it
// fills need no indexer: it writes both columns.
// Safe to run again (rows that get text are skipped next time) and while
// Arbor runs; works in batches so it never holds many locks.
//
//   DATABASE_URL=… npm run backfill-search -- [--batch 2000]
import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig, requireDatabaseUrl } from "@/server/config/load-config";
import { getAgentDefinition } from "@/server/agents/registry";
import { SEARCH_CONFIG } from "@/server/search/search-config";
import { searchTextOf } from "@/server/search/search-text";

async function main() {
  const { values } = parseArgs({ options: { batch: { type: "string", default: "2000" } } });
  const batch = Number(values.batch);
  const url = requireDatabaseUrl(loadConfig());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let after: { execution: string; seq: number } = { execution: "00000000-0000-0000-0000-000000000000", seq: 0 };
  let scanned = 0;
  let filled = 0;
  try {
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
          `UPDATE execution_events e SET search_text = u.t, search_vector = to_tsvector('${SEARCH_CONFIG}', u.t)
             FROM unnest($1::uuid[], $2::int[], $3::text[]) AS u(x, s, t)
            WHERE e.execution_id = u.x AND e.seq = u.s AND e.search_text IS NULL`,
          [updates.map((u) => u.execution), updates.map((u) => u.seq), updates.map((u) => u.text)],
        );
        filled += updates.length;
      }
      console.log(`[backfill-search] ${scanned.toLocaleString("en-US")} events read, ${filled.toLocaleString("en-US")} made searchable`);
    }
  } finally {
    await client.end();
  }
  console.log(`[backfill-search] done: ${filled.toLocaleString("en-US")} of ${scanned.toLocaleString("en-US")} events made searchable`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
