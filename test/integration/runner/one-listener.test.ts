import { randomUUID } from "node:crypto";
import pg from "pg";
import { prisma } from "@/server/db";
import { EXECUTE_ANY_TASK } from "@/server/queue/tasks";
import { getWorkerUtils, releaseWorkerUtils } from "@/server/queue/worker-utils";
import { runnerConnectionName } from "@/server/runner/process/listen";
import { type RunnerHandle, startRunner } from "@/server/runner/process/run-runner";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { waitFor } from "@/test/support/wait";

// A runner listens on one connection (server/runner/process/listen.ts): its
// worker pools hear new jobs through it (job-notifications.ts) instead of
// holding an idle LISTEN connection each (issue 28, idle footprint). Polling
// is set ten minutes apart here, so a job is found in time only if its
// notification reached a pool, before and after that connection is lost.

jest.setTimeout(60_000);

const RUNNER_ID = "runner-one-listener";

const admin = new pg.Client({ connectionString: testDatabaseUrl() });
let runner: RunnerHandle | undefined;

beforeAll(async () => {
  await resetDb();
  await admin.connect();
});
afterAll(async () => {
  await runner?.stop();
  await admin.end();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

/** The runner's connections whose last statement was a LISTEN: its idle listening connections. */
async function listening(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, $1) AND query ILIKE 'LISTEN%'`,
    [runnerConnectionName(RUNNER_ID)],
  );
  return rows.map((row) => row.pid);
}

/** A job for an execution that does not exist: a worker takes it, finds nothing to claim, and completes it. */
async function addJob(): Promise<string> {
  return (await (await getWorkerUtils()).addJob(EXECUTE_ANY_TASK, { executionId: randomUUID() })).id;
}

/** Waits until the job (a new one if none is given) was taken and completed. */
async function jobTaken(id?: string): Promise<void> {
  const jobId = id ?? (await addJob());
  await waitFor(
    async () => {
      const { rows } = await admin.query(`SELECT 1 FROM graphile_worker._private_jobs WHERE id = $1`, [jobId]);
      return rows.length === 0;
    },
    `job ${jobId} to be taken`,
    15_000,
  );
}

test("a runner's worker pools hear new jobs on its one listening connection, and again once it was lost", async () => {
  runner = await startRunner({ databaseUrl: testDatabaseUrl(), runnerId: RUNNER_ID, concurrency: 3, pollIntervalMs: 600_000 });
  const [first, ...others] = await listening();
  expect(others).toEqual([]);
  await jobTaken();
  await jobTaken();

  // The connection is lost (a server restart, an administrator): the runner connects again, and hears again.
  // A job added while it is down (it waits 250 ms to connect again) was announced to no one: it is found
  // once the runner listens again, not ten minutes later.
  await admin.query(`SELECT pg_terminate_backend($1)`, [first]);
  const whileDown = await addJob();
  const [second, ...more] = await waitFor(async () => {
    const pids = await listening();
    return pids.length > 0 && !pids.includes(first) && pids;
  }, "the runner to listen again");
  expect(more).toEqual([]);
  expect(second).not.toBe(first);
  await jobTaken(whileDown);
  await jobTaken();
});
