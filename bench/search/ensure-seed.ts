import { applyMigrations } from "@/server/migrations/apply-migrations";
import { benchDatabaseUrl, ensureDatabase, withClient } from "@/bench/lib/bench-db";
import { seedSearchData, type SeedOptions, type SeedStats } from "@/bench/search/seed";

// The search benchmarks' data (bench/search.ts, bench/mcp-search.ts): their
// own database, `arbor_bench_search`, seeded once (minutes for 1M events) and
// kept between runs. A database comment records what was seeded, so a run
// reseeds only when that marker or the event count differs (or on request).

export const BENCH_SEARCH_DATABASE = "arbor_bench_search";
const SEED_VERSION = 1;

export type SearchSeed = { seed: SeedStats & { reused: boolean }; postgres: string; url: string };

/** Creates, migrates and (if needed) seeds the database; returns its URL, what it holds and the server's settings. */
export async function ensureSearchSeed(options: { events: number; reseed: boolean }, log: (line: string) => void): Promise<SearchSeed> {
  const seedOptions: SeedOptions = { events: options.events, eventsPerExecution: 200, executionsPerSession: 2, issues: 300 };
  const marker = `arbor search bench seed v${SEED_VERSION} ${JSON.stringify(seedOptions)}`;

  await ensureDatabase(BENCH_SEARCH_DATABASE);
  const url = benchDatabaseUrl(BENCH_SEARCH_DATABASE);
  await applyMigrations(url);

  return withClient(url, async (client) => {
    const current = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`,
    );
    const counted = await client.query<{ n: string }>(`SELECT count(*) AS n FROM execution_events`);
    let seed: SearchSeed["seed"];
    if (!options.reseed && current.rows[0]?.comment === marker && Number(counted.rows[0].n) === seedOptions.events) {
      const stats = await client.query<{ searchable: string; executions: string; sessions: string; table_mb: string; index_mb: string }>(
        `SELECT (SELECT count(search_text) FROM execution_events) AS searchable, (SELECT count(*) FROM executions) AS executions,
                (SELECT count(*) FROM sessions) AS sessions, pg_table_size('execution_events') / 1048576 AS table_mb,
                pg_relation_size('execution_events_search_vector_idx') / 1048576 AS index_mb`,
      );
      const s = stats.rows[0];
      log(`reusing the seeded data (${seedOptions.events.toLocaleString("en-US")} events)`);
      seed = {
        events: seedOptions.events,
        searchableEvents: Number(s.searchable),
        executions: Number(s.executions),
        sessions: Number(s.sessions),
        issues: seedOptions.issues,
        seconds: 0,
        tableMb: Number(s.table_mb),
        indexMb: Number(s.index_mb),
        reused: true,
      };
    } else {
      log(`seeding ${seedOptions.events.toLocaleString("en-US")} events…`);
      // Cleared first: a seed cut short must not pass for a finished one.
      await client.query(`COMMENT ON DATABASE ${BENCH_SEARCH_DATABASE} IS NULL`);
      seed = { ...(await seedSearchData(client, seedOptions, log)), reused: false };
      await client.query(`COMMENT ON DATABASE ${BENCH_SEARCH_DATABASE} IS '${marker.replace(/'/g, "''")}'`);
      log(`seeded in ${seed.seconds}s: table ${seed.tableMb} MB, GIN index ${seed.indexMb} MB`);
    }
    const { rows: settings } = await client.query<{ v: string; sb: string; wm: string; jit: string }>(
      `SELECT current_setting('server_version') AS v, current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm, current_setting('jit') AS jit`,
    );
    const s = settings[0];
    return { seed, url, postgres: `PostgreSQL ${s.v} (shared_buffers=${s.sb}, work_mem=${s.wm}, jit=${s.jit})` };
  });
}
