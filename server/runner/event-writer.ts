import type pg from "pg";
import { EVENTS_CHANNEL } from "@/server/realtime/channels";

// Stores an execution's events in order with a per-execution sequence number,
// in batches (one INSERT … unnest per flush), and NOTIFYs listeners after each
// batch. Memory stays bounded: once too many bytes wait, `needsDrain` tells the
// reader to pause the agent's stdout until the batch is written.

const FLUSH_INTERVAL_MS = 25;
const FLUSH_EVENTS = 1_000;
const FLUSH_BYTES = 2 * 1024 * 1024;
const HIGH_WATER_BYTES = 16 * 1024 * 1024;

type Pending = { seq: number; stream: string; kind: string; json: string };

export type StoredEventInput = {
  stream: "stdout" | "stderr" | "arbor";
  kind: string;
  /** The payload as JSON text (for Claude, the line exactly as printed). */
  json: string;
};

export class EventWriter {
  private pending: Pending[] = [];
  private pendingBytes = 0;
  private seq: number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly executionId: string,
    startSeq = 0,
  ) {
    this.seq = startSeq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  get needsDrain(): boolean {
    return this.pendingBytes >= HIGH_WATER_BYTES;
  }

  push(event: StoredEventInput): number {
    this.seq += 1;
    const json = sanitizeForJsonb(event.json);
    this.pending.push({ seq: this.seq, stream: event.stream, kind: event.kind, json });
    this.pendingBytes += json.length;
    if (this.pending.length >= FLUSH_EVENTS || this.pendingBytes >= FLUSH_BYTES) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    return this.seq;
  }

  /** Writes everything pushed so far; resolves when it is stored and announced. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.write(batch);
      } catch (error) {
        this.failure ??= error as Error;
        throw error;
      }
    });
    return this.flushing;
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
          `INSERT INTO execution_events (execution_id, seq, stream, kind, payload)
           SELECT $1::uuid, s, st, k, p::jsonb FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS t(s, st, k, p)`,
          [this.executionId, batch.map((e) => e.seq), batch.map((e) => e.stream), batch.map((e) => e.kind), batch.map((e) => e.json)],
        );
      } catch (error) {
        // One bad payload must not lose the batch: store each event alone,
        // keeping any that Postgres rejects as raw text.
        await client.query("ROLLBACK");
        await client.query("BEGIN");
        for (const e of batch) {
          await client.query("SAVEPOINT one");
          try {
            await client.query(`INSERT INTO execution_events (execution_id, seq, stream, kind, payload) VALUES ($1, $2, $3, $4, $5::jsonb)`, [this.executionId, e.seq, e.stream, e.kind, e.json]);
          } catch {
            await client.query("ROLLBACK TO SAVEPOINT one");
            await client.query(`INSERT INTO execution_events (execution_id, seq, stream, kind, payload) VALUES ($1, $2, $3, 'unparsed', $4::jsonb)`, [
              this.executionId,
              e.seq,
              e.stream,
              JSON.stringify({ raw: e.json.replace(/\u0000/g, "\uFFFD") }),
            ]);
          }
        }
        void error;
      }
      await client.query(`UPDATE executions SET event_count = GREATEST(event_count, $2), updated_at = now() WHERE id = $1`, [this.executionId, last]);
      await client.query(`SELECT pg_notify($1, $2)`, [EVENTS_CHANNEL, `${this.executionId} ${last}`]);
      await client.query("COMMIT");
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
  if (json.includes("\u0000")) json = json.replace(/\u0000/g, "\uFFFD");
  return json;
}
