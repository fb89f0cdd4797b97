// Seeds a database for looking at the UI by hand (screenshots at 1280 / 375
// px, light and dark): a small issue with a run, a continuation and a fork
// with Claude-shaped logs, a 1,000-execution issue and a 20k-event log.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/ui-preview-seed.ts arbor_ui_preview
import pg from "pg";
import { applyMigrations } from "@/server/migrations/apply-migrations";
import { installQueueSchema } from "@/server/queue/install-queue-schema";
import { seedEvents, seedLongLog, seedSessionTree } from "@/bench/lib/seed-ui";
import { serverUrl } from "@/bench/lib/bench-db";

async function main() {
  const name = process.argv[2] ?? "arbor_ui_preview";
  if (!/^arbor_ui_[a-z_]+$/.test(name)) throw new Error("database name must start with arbor_ui_");
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  await installQueueSchema(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const small = await seedSessionTree(client, { count: 5, roots: 1, title: "Fix authentication bug", seed: 3, live: 1 });
    for (const [i, id] of small.ids.entries()) {
      const { rows } = await client.query<{ session_id: string }>(`SELECT session_id FROM executions WHERE id = $1`, [id]);
      await seedEvents(client, { executionId: id, sessionId: rows[0].session_id, events: 24 + i * 8 });
    }
    const big = await seedSessionTree(client, { count: 1000, title: "Session tree with 1,000 executions", live: 2 });
    const long = await seedLongLog(client, { issueId: small.issueId, events: 20_000 });
    console.log(JSON.stringify({ url: url.toString(), small, big: { issueId: big.issueId }, long }, null, 2));
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
