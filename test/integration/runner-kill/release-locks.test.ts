import { makeWorkerUtils, type WorkerUtils } from "graphile-worker";
import pg from "pg";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { releaseDeadWorkerLocks, workerIdFor } from "@/server/runner/process/runner-locks";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { api } from "@/test/support/executions-api";

// The moments between a worker taking a job and the runner claiming its
// execution (or finishing it) are too short to hit on purpose by killing, so
// here the dead worker's locks are written as graphile-worker writes them,
// and the release is checked for each case.

let h: Harness;
let utils: WorkerUtils;
let db: pg.Client;
beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  utils = await makeWorkerUtils({ connectionString: testDatabaseUrl() });
  db = new pg.Client({ connectionString: testDatabaseUrl() });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await utils?.release();
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

/** Locks the execution's job and its queue for `worker`, as getJob does (and uses up its one attempt). */
async function lockAs(worker: string, executionId: string) {
  await db.query(
    `WITH j AS (UPDATE graphile_worker._private_jobs SET locked_by = $1, locked_at = now(), attempts = attempts + 1
                 WHERE key = $2 RETURNING job_queue_id)
     UPDATE graphile_worker._private_job_queues q SET locked_by = $1, locked_at = now() FROM j WHERE q.id = j.job_queue_id`,
    [worker, `execution:${executionId}`],
  );
}

async function jobOf(executionId: string) {
  const { rows } = await db.query<{ locked_by: string | null; attempts: number; max_attempts: number; queue_locked_by: string | null }>(
    `SELECT j.locked_by, j.attempts, j.max_attempts, q.locked_by AS queue_locked_by
       FROM graphile_worker._private_jobs j LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
      WHERE j.key = $1`,
    [`execution:${executionId}`],
  );
  return rows[0] ?? null;
}

test("a dead boot's locks are released: a job taken but never started runs again, a started one is removed, other boots are left alone", async () => {
  const issueId = (await makeIssue()).id;
  const [taken, started, alive] = await Promise.all(["taken", "started", "alive"].map(async (prompt) => (await api.create({ issueId, prompt })).body.id));
  await lockAs(workerIdFor("box", "dead", 0), taken);
  await lockAs(workerIdFor("box", "dead", 1), started);
  await prisma.execution.update({ where: { id: started }, data: { status: "interrupted", startedAt: new Date() } });
  await lockAs(workerIdFor("box", "live", 0), alive);

  const released = await releaseDeadWorkerLocks(utils, { runnerId: "box", exceptBootId: "live" });
  expect(released.workers.sort()).toEqual([workerIdFor("box", "dead", 0), workerIdFor("box", "dead", 1)]);
  expect(released).toMatchObject({ requeuedExecutions: [taken], removedJobs: 1 });
  // Runnable again: unlocked, its queue free, its attempt given back.
  expect(await jobOf(taken)).toEqual({ locked_by: null, attempts: 0, max_attempts: 1, queue_locked_by: null });
  expect(await jobOf(started)).toBeNull();
  expect(await jobOf(alive)).toMatchObject({ locked_by: workerIdFor("box", "live", 0), queue_locked_by: workerIdFor("box", "live", 0) });

  // The sweep names the dead boot itself.
  const swept = await releaseDeadWorkerLocks(utils, { runnerId: "box", bootId: "live" });
  expect(swept.requeuedExecutions).toEqual([alive]);
  expect(await jobOf(alive)).toMatchObject({ locked_by: null, queue_locked_by: null, attempts: 0 });
});
