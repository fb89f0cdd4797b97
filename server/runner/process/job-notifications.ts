import { EventEmitter } from "node:events";
import type pg from "pg";

// graphile-worker holds a LISTEN connection of its own for every worker pool,
// and a runner has one single-worker pool per slot (run-runner.ts): four idle
// PostgreSQL backends (~1 MiB of their own each) that hear the same two
// channels as each other. The runner's own listening connection (listen.ts) LISTENs on those
// channels too and passes each message here; every worker pool gets, in place
// of its own connection, a stand-in that hears the same messages. The pools'
// queries still go to the real pool. A job added while that connection was
// down told no one: once it listens again, every pool is nudged to look
// (`missed`), and graphile-worker's polling (`pollInterval`) stays the
// fallback, as it was for its own connections.

/** graphile-worker's channels: a job was added; its schema changed in a way that must stop old workers. */
export const JOB_CHANNELS = ["jobs:insert", "worker:migrate"] as const;

type Released = () => void;

export class JobNotifications {
  private readonly hub = new EventEmitter();

  constructor() {
    // One subscriber per worker pool (a runner may have many slots).
    this.hub.setMaxListeners(0);
  }

  /** A message on one of JOB_CHANNELS, from the runner's listening connection. */
  deliver(message: pg.Notification): void {
    // After the messages that came with it: a new run's insert notifies its job first, then that the run is
    // queued, and a runner holding its pre-started agent claims it on the latter (warm/early-turns.ts). Told
    // first, the idle worker pools' job queries took the pool's idle connection and the claim waited for a
    // new one (bench/prestart.ts, the "claimed" hop: ~31 ms p50 against ~10).
    setImmediate(() => this.hub.emit("notification", message));
  }

  /**
   * The listening connection was lost and listens again: jobs added meanwhile
   * were announced to no one. A `jobs:insert` of count 1 nudges one worker
   * of each pool (a runner's pools have one each), which looks for a job.
   */
  missed(): void {
    this.deliver({ processId: 0, channel: "jobs:insert", payload: JSON.stringify({ count: 1 }) });
  }

  /**
   * The pool to give graphile-worker: `pool` itself for queries
   * (`connect()` with no callback); for the one call with a callback, its
   * LISTEN connection, a stand-in on this hub.
   */
  poolFor(pool: pg.Pool): pg.Pool {
    const shared = Object.create(pool) as pg.Pool;
    const connect = (callback?: (error: Error | undefined, client: unknown, release: Released) => void) => {
      if (!callback) return pool.connect();
      const { client, release } = this.standIn();
      callback(undefined, client, release);
      return undefined;
    };
    shared.connect = connect as pg.Pool["connect"];
    return shared;
  }

  /** What graphile-worker's listener uses of a client: events, `query` (its LISTEN and UNLISTEN) and a release. */
  private standIn(): { client: EventEmitter & { query: () => Promise<void> }; release: Released } {
    const client = Object.assign(new EventEmitter(), { query: () => Promise.resolve() });
    const forward = (message: pg.Notification) => client.emit("notification", message);
    this.hub.on("notification", forward);
    return { client, release: () => void this.hub.off("notification", forward) };
  }
}
