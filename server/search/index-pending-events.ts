import type pg from "pg";
import { collectExecutionFacts } from "@/server/search/collect-execution-facts";

// Search indexing, off the ingestion path. The event writer stores each
// event's search_text only; this fills search_vector afterwards, a batch at a
// time. Each execution keeps a watermark, executions.search_indexed_seq: its
// events up to that seq are indexed (or have nothing to index), so pending
// work is `search_indexed_seq < event_count`, found without a partial index
// (the executions table is small next to execution_events), and each batch
// updates a seq range of one execution by primary key.
//
// Several runners may index at once: an execution is claimed with a
// transaction-scoped advisory lock (try-lock, so busy ones are skipped) rather
// than a row lock, because a row lock on executions would stall that
// execution's event writer (it updates event_count with every batch) for the
// length of the indexing transaction.

/** Events indexed per call, across executions (~50–100 µs each in Postgres). */
export const INDEX_BATCH_EVENTS = 2_000;
/** Executions looked at per call; those another indexer holds are skipped. */
const CANDIDATES = 8;
/** First key of the advisory locks (the second is a hash of the execution id). */
const LOCK_CLASS = 0x5ea4c4;

export type IndexBatchResult = {
  /** Executions whose watermark moved. */
  executions: number;
  /** Events that got a search vector. */
  indexed: number;
  /** Sequence numbers the watermarks moved over (indexed, or nothing to index). */
  advanced: number;
};

/**
 * Indexes one batch of stored-but-unindexed events (at most `maxEvents`
 * sequence numbers) and advances the watermarks, in one transaction.
 * `advanced === 0`: nothing was pending that this caller could claim.
 */
export async function indexPendingEvents(pool: pg.Pool, options: { maxEvents?: number; executionId?: string } = {}): Promise<IndexBatchResult> {
  const maxEvents = Math.max(1, options.maxEvents ?? INDEX_BATCH_EVENTS);
  const result: IndexBatchResult = { executions: 0, indexed: 0, advanced: 0 };
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows: candidates } = await client.query<{ id: string }>(
      `SELECT id::text AS id FROM executions
        WHERE search_indexed_seq < event_count ${options.executionId ? "AND id = $2::uuid" : ""}
        ORDER BY created_at, id
        LIMIT $1`,
      options.executionId ? [CANDIDATES, options.executionId] : [CANDIDATES],
    );
    let budget = maxEvents;
    for (const { id } of candidates) {
      if (budget <= 0) break;
      const { rows: locked } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok`, [LOCK_CLASS, id]);
      if (!locked[0].ok) continue;
      // Re-read under the lock: another indexer may have moved the watermark
      // between the candidate query and the lock (each statement sees what
      // was committed before it started).
      const { rows: current } = await client.query<{ from: number; to: number; agent: string }>(
        `SELECT search_indexed_seq AS from, event_count AS to, agent FROM executions WHERE id = $1::uuid`,
        [id],
      );
      if (current.length === 0 || current[0].from >= current[0].to) continue;
      const from = current[0].from;
      const to = Math.min(current[0].to, from + budget);
      const updated = await client.query(
        // search_vector_of: the text search vector of search_text with the words of its paths (migration 20261127120000_search_specs_issues).
        `UPDATE execution_events SET search_vector = search_vector_of(search_text)
          WHERE execution_id = $1::uuid AND seq > $2 AND seq <= $3 AND search_text IS NOT NULL AND search_vector IS NULL`,
        [id, from, to],
      );
      await client.query(`UPDATE executions SET search_indexed_seq = $2 WHERE id = $1::uuid AND search_indexed_seq < $2`, [id, to]);
      // Insights' per-execution facts (model, tools) from the same range, once.
      // After the executions row, as the execution_facts trigger locks them.
      await collectExecutionFacts(client, id, current[0].agent, from, to);
      result.executions += 1;
      result.indexed += updated.rowCount ?? 0;
      result.advanced += to - from;
      budget -= to - from;
    }
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Indexes until nothing is pending (for scripts and tests; the runner uses startSearchIndexer). */
export async function indexAllPendingEvents(pool: pg.Pool, options: { executionId?: string } = {}): Promise<IndexBatchResult> {
  const total: IndexBatchResult = { executions: 0, indexed: 0, advanced: 0 };
  for (;;) {
    const batch = await indexPendingEvents(pool, options);
    if (batch.advanced === 0) return total;
    total.executions += batch.executions;
    total.indexed += batch.indexed;
    total.advanced += batch.advanced;
  }
}

export type SearchIndexer = {
  /** Tell the indexer this process just stored events (it backs off while that goes on). */
  noteIngest(): void;
  stop(): Promise<void>;
};

export type SearchIndexerOptions = {
  /** Index only once no events were stored for this long… */
  quietMs?: number;
  /** …or when indexing has waited this long (one batch, then wait again): search lags a flood by about this much per batch. */
  maxDeferMs?: number;
  /** Check for work (e.g. other runners' executions) at least this often when idle. */
  idleMs?: number;
  log?: (line: string) => void;
};

/**
 * The runner's background indexer: indexes while there is work, yielding
 * between batches, and backs off while this process is ingesting heavily so
 * search lags a flood but catches up right after it.
 */
export function startSearchIndexer(pool: pg.Pool, options: SearchIndexerOptions = {}): SearchIndexer {
  const quietMs = options.quietMs ?? 200;
  const maxDeferMs = options.maxDeferMs ?? 5_000;
  const idleMs = options.idleMs ?? 1_000;
  const log = options.log ?? (() => {});
  let stopped = false;
  let lastIngestAt = 0;
  let deferredSince: number | null = null;
  let wake: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopped) {
      const now = Date.now();
      const sinceIngest = now - lastIngestAt;
      if (sinceIngest < quietMs) {
        deferredSince ??= now;
        if (now - deferredSince < maxDeferMs) {
          await sleep(Math.min(quietMs - sinceIngest, maxDeferMs - (now - deferredSince)));
          continue;
        }
        deferredSince = now; // overdue: one batch now, then defer again
      } else {
        deferredSince = null;
      }
      let batch: IndexBatchResult;
      try {
        batch = await indexPendingEvents(pool);
      } catch (error) {
        if (stopped) break;
        log(`search indexing failed: ${(error as Error).message}`);
        await sleep(idleMs);
        continue;
      }
      if (batch.advanced === 0) await sleep(idleMs);
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  })();

  return {
    noteIngest() {
      const idle = Date.now() - lastIngestAt >= quietMs;
      lastIngestAt = Date.now();
      // An idle wait becomes a quiet-period wait, so this run's events are
      // indexed ~quietMs after its last batch rather than at the next poll.
      if (idle) wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
