import type { WorkerUtils } from "graphile-worker";

// graphile-worker marks what a worker holds in its own tables: a job it runs
// (jobs.locked_by) and that job's named queue (job_queues.locked_by), and
// gives the locks of a worker that died up only after 4 hours. A session's
// next turn waits in that queue, so a dead runner's locks must be released
// when it is found dead. Each worker's id names its runner and that runner
// process's boot, "arbor:<runner id>:<boot id>:<slot>", so the locks of a
// dead process are found by prefix in graphile-worker's own lock columns:
// nothing needs to have been written down beforehand, and nothing written can
// be stale or incomplete.

const WORKER_ID_PREFIX = "arbor";

/** The prefix of every worker id of a runner, or of one boot of it. */
export function workerIdPrefix(runnerId: string, bootId?: string): string {
  const runnerPart = `${WORKER_ID_PREFIX}:${encodeURIComponent(runnerId)}:`;
  return bootId === undefined ? runnerPart : `${runnerPart}${encodeURIComponent(bootId)}:`;
}

export function workerIdFor(runnerId: string, bootId: string, slot: number): string {
  return `${workerIdPrefix(runnerId, bootId)}${slot}`;
}

export type ReleasedLocks = {
  /** Worker ids whose locks were released. */
  workers: string[];
  /** Jobs taken but never started (their execution still queued): runnable again. */
  requeuedExecutions: string[];
  /** Jobs of executions that had started or ended: removed (a run is never retried). */
  removedJobs: number;
};

/**
 * Releases every job and queue lock held by the workers of a dead runner
 * process: one boot of the runner (`bootId`), or every boot but the caller's
 * own (`exceptBootId`, at restart). Call it after that process's running
 * executions were marked interrupted.
 */
export async function releaseDeadWorkerLocks(
  utils: WorkerUtils,
  target: { runnerId: string; bootId: string | null } | { runnerId: string; exceptBootId: string },
): Promise<ReleasedLocks> {
  const prefix = "bootId" in target && target.bootId !== null ? workerIdPrefix(target.runnerId, target.bootId) : workerIdPrefix(target.runnerId);
  const keep = "exceptBootId" in target ? workerIdPrefix(target.runnerId, target.exceptBootId) : null;
  return utils.withPgClient(async (client) => {
    const { rows: held } = await client.query<{ worker: string }>(
      `SELECT locked_by AS worker FROM graphile_worker._private_jobs WHERE starts_with(locked_by, $1) AND ($2::text IS NULL OR NOT starts_with(locked_by, $2))
       UNION
       SELECT locked_by FROM graphile_worker._private_job_queues WHERE starts_with(locked_by, $1) AND ($2::text IS NULL OR NOT starts_with(locked_by, $2))`,
      [prefix, keep],
    );
    const workers = held.map((row) => row.worker);
    if (workers.length === 0) return { workers, requeuedExecutions: [], removedJobs: 0 };
    const { rows: jobs } = await client.query<{ id: string; execution_id: string | null; status: string | null }>(
      `SELECT j.id::text AS id, e.id::text AS execution_id, e.status::text AS status
         FROM graphile_worker._private_jobs j
         LEFT JOIN executions e ON e.id::text = j.payload->>'executionId'
        WHERE j.locked_by = ANY($1::text[])`,
      [workers],
    );
    await client.query(`SELECT graphile_worker.force_unlock_workers($1::text[])`, [workers]);
    // Every job has one attempt, and taking it used it up: a job whose run
    // never started gets its attempt back, the others are done with.
    const requeue = jobs.filter((job) => job.status === "queued");
    const remove = jobs.filter((job) => job.status !== "queued");
    if (requeue.length) await client.query(`SELECT graphile_worker.reschedule_jobs($1::bigint[], attempts := 0)`, [requeue.map((job) => job.id)]);
    if (remove.length) await client.query(`SELECT graphile_worker.complete_jobs($1::bigint[])`, [remove.map((job) => job.id)]);
    return { workers, requeuedExecutions: requeue.map((job) => job.execution_id!), removedJobs: remove.length };
  });
}
