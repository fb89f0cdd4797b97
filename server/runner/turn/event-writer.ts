import type pg from "pg";
import { announce, notice } from "@/server/realtime/announce";

// Stores an execution's events in order with a per-execution sequence number,
// in batches (one INSERT … unnest per flush), and NOTIFYs listeners after each
// batch. Search vectors are not computed here: rows get search_text only, and
// the search indexer (server/search/index-pending-events.ts) fills
// search_vector later, off this path. Memory stays bounded: once too many
// bytes or events wait (pending or in batches not yet written), `needsDrain`
// tells the reader to pause the agent's stdout until they are written.

const FLUSH_INTERVAL_MS = 25;
const FLUSH_EVENTS = 1_000;
const FLUSH_BYTES = 2 * 1024 * 1024;
const HIGH_WATER_BYTES = 16 * 1024 * 1024;
// Small events cost far more memory than their bytes (an object, a string
// and pg's per-row work each), so the backlog is also capped in events.
const HIGH_WATER_EVENTS = 10 * FLUSH_EVENTS;

type Pending = { seq: number; stream: string; kind: string; json: string; searchText: string | null };

export type StoredEventInput = {
  /** "check": the output of the project's check on the turn (server/runner/check/); "setup": its worktree's setup script. */
  stream: "stdout" | "stderr" | "arbor" | "check" | "setup";
  kind: string;
  /** The payload as JSON text (for Claude, the line exactly as printed). */
  json: string;
  /**
   * What search finds in this event (server/search/search-text.ts); stored
   * as text, its tsvector filled later by the search indexer. Null or absent:
   * not searchable.
   */
  searchText?: string | null;
};

export class EventWriter {
  private pending: Pending[] = [];
  private pendingBytes = 0;
  /** Pushed and not yet stored: pending, plus batches waiting for or in their write. */
  private queuedBytes = 0;
  private queuedEvents = 0;
  private seq: number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  /** While set, timed flushes wait for it (see hold()). */
  private held: Promise<unknown> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly executionId: string,
    startSeq = 0,
    /** Called after each batch is stored (the runner's search indexer backs off meanwhile). */
    private readonly onStored?: (lastSeq: number) => void,
  ) {
    this.seq = startSeq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  get needsDrain(): boolean {
    // Not pendingBytes: every flush resets it, and flushed batches wait in
    // line for their write (one at a time) while the reader keeps going.
    return this.queuedBytes >= HIGH_WATER_BYTES || this.queuedEvents >= HIGH_WATER_EVENTS;
  }

  push(event: StoredEventInput): number {
    this.seq += 1;
    const json = sanitizeForJsonb(event.json);
    const searchText = event.searchText ? event.searchText.replaceAll("\u0000", "\uFFFD") : null;
    this.pending.push({ seq: this.seq, stream: event.stream, kind: event.kind, json, searchText });
    this.pendingBytes += json.length;
    this.queuedBytes += json.length;
    this.queuedEvents += 1;
    if (this.pending.length >= FLUSH_EVENTS || this.pendingBytes >= FLUSH_BYTES) void this.flush();
    else if (!this.timer && !this.held) this.timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    return this.seq;
  }

  /**
   * Timed flushes wait until `until` settles, then what waited is written at
   * once (a full batch and flush() do not wait). The runner holds them while
   * the agent is on its way to its model request: a write is several round
   * trips of the runner's and the database's CPU, taken from the agent on a
   * small machine, and a page can see those lines a few ms later.
   */
  hold(until: Promise<unknown>): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.held = until;
    const release = () => {
      if (this.held !== until) return;
      this.held = null;
      if (this.pending.length > 0) void this.flush();
    };
    until.then(release, release);
  }

  /** Writes everything pushed so far; resolves when it is stored and announced. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending;
    const bytes = this.pendingBytes;
    const count = batch.length;
    this.pending = [];
    this.pendingBytes = 0;
    // Each write waits for the previous one to settle, whatever its outcome:
    // a failed batch must not skip the ones after it (nor the note about it).
    const previous = this.flushing.catch(() => {});
    const current = previous.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.write(batch);
      } catch (error) {
        this.failure ??= error as Error;
        throw error;
      }
    });
    this.flushing = current;
    const settled = () => {
      this.queuedBytes -= bytes;
      this.queuedEvents -= count;
    };
    current.then(settled, settled);
    return current;
  }

  /** The first write error, if any (the run goes on; the execution records it). */
  get error(): Error | null {
    return this.failure;
  }

  private async write(batch: Pending[]): Promise<void> {
    const last = batch[batch.length - 1].seq;
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO execution_events (execution_id, seq, stream, kind, payload, search_text)
           SELECT $1::uuid, s, st, k, p::jsonb, x
             FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(s, st, k, p, x)`,
          [
            this.executionId,
            batch.map((e) => e.seq),
            batch.map((e) => e.stream),
            batch.map((e) => e.kind),
            batch.map((e) => e.json),
            batch.map((e) => e.searchText),
          ],
        );
      } catch (error) {
        // One bad payload must not lose the batch: store each event alone,
        // keeping any that Postgres rejects as raw text.
        await client.query("ROLLBACK");
        await client.query("BEGIN");
        for (const e of batch) {
          await client.query("SAVEPOINT one");
          try {
            await client.query(`INSERT INTO execution_events (execution_id, seq, stream, kind, payload, search_text) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`, [
              this.executionId,
              e.seq,
              e.stream,
              e.kind,
              e.json,
              e.searchText,
            ]);
          } catch {
            await client.query("ROLLBACK TO SAVEPOINT one");
            await client.query(`INSERT INTO execution_events (execution_id, seq, stream, kind, payload) VALUES ($1, $2, $3, 'unparsed', $4::jsonb)`, [
              this.executionId,
              e.seq,
              e.stream,
              JSON.stringify({ raw: e.json.replaceAll("\u0000", "\uFFFD") }),
            ]);
          }
        }
        void error;
      }
      await client.query(`UPDATE executions SET event_count = GREATEST(event_count, $2), updated_at = now() WHERE id = $1`, [this.executionId, last]);
      await announce(client, notice.events(this.executionId, last));
      await client.query("COMMIT");
      try {
        this.onStored?.(last);
      } catch {
        // A listener's failure is not the write's.
      }
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
}

/** jsonb cannot hold \u0000; replace it (escaped or raw) rather than lose the line. */
function sanitizeForJsonb(json: string): string {
  if (json.includes("\\u0000")) json = json.replace(/\\u0000/g, "\\ufffd");
  if (json.includes("\u0000")) json = json.replaceAll("\u0000", "\uFFFD");
  return json;
}
