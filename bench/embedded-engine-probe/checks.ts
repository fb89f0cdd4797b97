import { setTimeout as sleep } from "node:timers/promises";
import { Logger, makeWorkerUtils, run } from "graphile-worker";
import pg from "pg";

// The database behaviours Arbor's later features rely on, each checked the
// way those features use them: several processes' pools at once, counters
// taken inside transactions, isolation between connections, LISTEN/NOTIFY
// from a runner to the web app's SSE endpoint, and graphile-worker.

/** "partial": the right answer, but without the concurrency Arbor relies on. */
export type CheckResult = { ok: boolean | "partial"; detail: string };
export type Check = { name: string; run: (url: string, clients: Clients) => Promise<CheckResult> };

/** Tracks every connection a check opens so a hung check can still be cleaned up. */
export class Clients {
  private readonly open = new Set<pg.Client>();

  async connect(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {}); // reported through the failing query instead
    this.open.add(client);
    await client.connect();
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(
      [...this.open].map(async (client) => {
        const ended = client.end().catch(() => {});
        if ((await Promise.race([ended.then(() => true), sleep(2000).then(() => false)])) === false) {
          // end() waits for the server; a wedged server never answers.
          (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
        }
      }),
    );
    this.open.clear();
  }
}

const CLIENTS = 20;

export const concurrentConnections: Check = {
  name: `${CLIENTS} connections working at once`,
  run: async (url, clients) => {
    const conns = await Promise.all(Array.from({ length: CLIENTS }, () => clients.connect(url)));
    const started = Date.now();
    // Every connection keeps a transaction open while the others run theirs,
    // like concurrent requests, runners and workers do.
    const answers = await Promise.all(
      conns.map(async (c, i) => {
        await c.query("BEGIN");
        const { rows } = await c.query<{ me: number; backend: number }>("SELECT $1::int AS me, pg_backend_pid() AS backend", [i]);
        await sleep(50);
        await c.query("COMMIT");
        return rows[0];
      }),
    );
    const correct = answers.every((a, i) => a.me === i);
    const backends = new Set(answers.map((a) => a.backend)).size;
    const ms = Date.now() - started;
    return {
      // Each transaction takes ~50 ms; together they should take ~50 ms, not 20 x 50.
      ok: !correct ? false : backends === CLIENTS ? true : "partial",
      detail: `${correct ? "all answered" : "wrong answers"}; ${backends} backend session(s) for ${CLIENTS} connections; ${ms} ms for ${CLIENTS} overlapping 50 ms transactions${ms > 500 ? " (run one after another)" : ""}`,
    };
  },
};

export const concurrentCounter: Check = {
  name: `counter: ${CLIENTS} connections x 10 UPDATE ... RETURNING in transactions`,
  run: async (url, clients) => {
    const setup = await clients.connect(url);
    await setup.query("DROP TABLE IF EXISTS probe_counter; CREATE TABLE probe_counter (name text PRIMARY KEY, value int NOT NULL)");
    await setup.query("INSERT INTO probe_counter VALUES ('n', 0)");
    const conns = await Promise.all(Array.from({ length: CLIENTS }, () => clients.connect(url)));
    const taken: number[] = [];
    const errors: string[] = [];
    await Promise.all(
      conns.map(async (c) => {
        for (let i = 0; i < 10; i++) {
          try {
            await c.query("BEGIN");
            const { rows } = await c.query<{ value: number }>("UPDATE probe_counter SET value = value + 1 WHERE name = 'n' RETURNING value");
            await sleep(1); // let other transactions interleave, as real requests do
            await c.query("COMMIT");
            taken.push(rows[0].value);
          } catch (error) {
            errors.push((error as Error).message);
            await c.query("ROLLBACK").catch(() => {});
          }
        }
      }),
    );
    const { rows } = await setup.query<{ value: number }>("SELECT value FROM probe_counter WHERE name = 'n'");
    const unique = new Set(taken).size;
    const expected = CLIENTS * 10;
    const ok = errors.length === 0 && taken.length === expected && unique === expected && rows[0].value === expected;
    return {
      ok,
      detail: `${taken.length} taken, ${unique} unique, final ${rows[0].value}${errors.length ? `, ${errors.length} errors (${errors[0]})` : ""}`,
    };
  },
};

export const rollbackIsolation: Check = {
  name: "rollback: uncommitted rows invisible, other sessions' commits kept",
  run: async (url, clients) => {
    const a = await clients.connect(url);
    const b = await clients.connect(url);
    await a.query("DROP TABLE IF EXISTS probe_rows; CREATE TABLE probe_rows (who text)");
    await a.query("BEGIN");
    await a.query("INSERT INTO probe_rows VALUES ('a-uncommitted')");
    // B works while A's transaction is open, as one request does while
    // another is mid-transaction. A only finishes after B answers, so an
    // engine that makes B wait for A's transaction deadlocks here.
    const bDuringA = (async () => {
      const seen = Number((await b.query("SELECT count(*) FROM probe_rows WHERE who = 'a-uncommitted'")).rows[0].count);
      await b.query("INSERT INTO probe_rows VALUES ('b-committed')"); // autocommit
      return seen;
    })();
    const seenByB = await Promise.race([bDuringA, sleep(5000).then(() => "blocked" as const)]);
    if (seenByB === "blocked") {
      return { ok: false, detail: "B's query waited > 5 s for A's open transaction: A (waiting on B) and B deadlock" };
    }
    await a.query("ROLLBACK");
    const { rows } = await b.query<{ who: string }>("SELECT who FROM probe_rows ORDER BY who");
    const left = rows.map((r) => r.who);
    const ok = seenByB === 0 && left.length === 1 && left[0] === "b-committed";
    return { ok, detail: `B saw ${seenByB} uncommitted row(s); after A's rollback: [${left.join(", ")}]` };
  },
};

export const listenNotify: Check = {
  name: "LISTEN/NOTIFY between two connections",
  run: async (url, clients) => {
    const listener = await clients.connect(url);
    const notifier = await clients.connect(url);
    const received: string[] = [];
    const echoedToSender: string[] = [];
    listener.on("notification", (n) => received.push(n.payload ?? ""));
    notifier.on("notification", (n) => echoedToSender.push(n.payload ?? ""));
    await listener.query("LISTEN probe_events");
    const started = Date.now();
    await notifier.query("SELECT pg_notify('probe_events', 'from-runner')");
    // The listener is idle, as an SSE endpoint between events is.
    while (received.length === 0 && Date.now() - started < 5000) await sleep(10);
    return received.includes("from-runner")
      ? { ok: true, detail: `delivered in ${Date.now() - started} ms` }
      : {
          ok: false,
          detail: `nothing delivered to the listening connection within 5 s${echoedToSender.length ? "; the sending connection got it instead" : ""}${received.length ? ` (got ${received.join(", ")})` : ""}`,
        };
  },
};

const JOBS = 50;

export const graphileWorker: Check = {
  name: `graphile-worker: ${JOBS} jobs, each run exactly once`,
  run: async (url, clients) => {
    const setup = await clients.connect(url);
    await setup.query("DROP TABLE IF EXISTS probe_job_runs; CREATE TABLE probe_job_runs (n int NOT NULL)");
    // Our own pool, so it is certainly closed (and its idle connections'
    // errors handled) before the engine is stopped.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on("error", () => {});
    const utils = await makeWorkerUtils({ pgPool: pool });
    const logs: string[] = [];
    let runner: Awaited<ReturnType<typeof run>> | undefined;
    try {
      await utils.migrate();
      const started = Date.now();
      for (let n = 0; n < JOBS; n++) await utils.addJob("probe", { n });
      runner = await run({
        pgPool: pool,
        concurrency: 5,
        noHandleSignals: true,
        pollInterval: 500,
        logger: quietLogger(logs),
        taskList: {
          probe: async (payload, helpers) => {
            await helpers.withPgClient((c) => c.query("INSERT INTO probe_job_runs VALUES ($1)", [(payload as { n: number }).n]));
          },
        },
      });
      const deadline = Date.now() + 30_000;
      let done = 0;
      while (Date.now() < deadline) {
        done = Number((await setup.query("SELECT count(*) FROM probe_job_runs")).rows[0].count);
        const pending = Number((await setup.query("SELECT count(*) FROM graphile_worker.jobs")).rows[0].count);
        if (done >= JOBS && pending === 0) break;
        await sleep(100);
      }
      const { rows } = await setup.query<{ runs: string; distinct: string }>("SELECT count(*) AS runs, count(DISTINCT n) AS distinct FROM probe_job_runs");
      const runs = Number(rows[0].runs);
      const distinct = Number(rows[0].distinct);
      return {
        ok: runs === JOBS && distinct === JOBS,
        detail: `${runs} runs of ${distinct} distinct jobs in ${Date.now() - started} ms (worker concurrency 5, poll interval 500 ms)${logs.length ? `; worker errors: ${logs[0]}` : ""}`,
      };
    } finally {
      await runner?.stop().catch(() => {});
      await Promise.resolve()
        .then(() => utils.release())
        .catch(() => {});
      await pool.end().catch(() => {});
    }
  },
};

function quietLogger(errors: string[]) {
  // Keep only errors: they explain a failure, the rest is noise in a table.
  return new Logger(() => (level: string, message: string) => {
    if (level === "error") errors.push(message);
  });
}

export const ALL_CHECKS: Check[] = [concurrentConnections, concurrentCounter, rollbackIsolation, listenNotify, graphileWorker];
