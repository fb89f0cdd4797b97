import type { Prisma } from "@/server/generated/prisma/client";
import { EXECUTE_ANY_TASK, executeOnRunnerTask, sessionQueueName, type ExecuteJobPayload } from "@/server/queue/tasks";
import { getWorkerUtils } from "@/server/queue/worker-utils";

// An execution's job is added in the same transaction as its row (through
// graphile-worker's own add_job function), so a row never exists without its
// job, nor a job without its row: a crash between the two can leave nothing
// half-done, and no worker can take the job before the row is visible.

export type JobTarget = {
  /** Run on this runner only (it holds the session on its disk). */
  runnerId?: string | null;
  /** The session this run works in: later turns of it queue behind this job. */
  sessionId?: string | null;
  /**
   * A queued or running execution this job must not start before (the
   * session's previous turn, or a fork's source). The job joins that
   * execution's queue, whatever session that queue is named after.
   */
  after?: string | null;
};

/**
 * What graphile-worker's add_job is given for an execution's job (here, and
 * in a follow-up's one statement: record-follow-up.ts). Named queues run one
 * job at a time, in order. Every run is queued under its own session, and a
 * follow-up joins the queue of the job it waits for while that job exists
 * (`waitKey`; the queue is looked up in the statement that adds the job): so
 * all pending turns of a session share one queue and never run at once. (A
 * session's first turn can sit in another session's queue, e.g. a fork
 * waiting for its source, so "session:<id>" alone would not be enough: a
 * Continue on that fork would start beside it.) max_attempts is 1: a failed
 * agent run is a result, not something to retry behind the user's back. The
 * key lets Cancel remove a job that has not started yet.
 */
export function jobOf(executionId: string, target: JobTarget) {
  const payload: ExecuteJobPayload = { executionId };
  return {
    task: target.runnerId ? executeOnRunnerTask(target.runnerId) : EXECUTE_ANY_TASK,
    payload: JSON.stringify(payload),
    key: jobKeyOf(executionId),
    ownQueue: target.sessionId ? sessionQueueName(target.sessionId) : null,
    waitKey: target.after ? jobKeyOf(target.after) : null,
    maxAttempts: 1,
  };
}

/**
 * A job for an execution already recorded (a new run's and a follow-up's are
 * added by the statements that record them: record-new-run.ts,
 * record-follow-up.ts). `runAt`: the execution's createdAt; jobs of one queue
 * run in this order.
 */
export async function enqueueExecution(tx: Prisma.TransactionClient, executionId: string, target: Omit<JobTarget, "after"> & { runAt: Date }): Promise<void> {
  const job = jobOf(executionId, target);
  // (executeRaw: add_job returns a row of graphile-worker's private table type, which Prisma cannot read.)
  await tx.$executeRaw`
    SELECT graphile_worker.add_job(
      identifier => ${job.task}::text,
      payload => ${job.payload}::json,
      queue_name => ${job.ownQueue}::text,
      run_at => ${target.runAt}::timestamptz,
      max_attempts => ${job.maxAttempts}::int,
      job_key => ${job.key}::text
    )`;
}

/** The key of an execution's job (Cancel removes a job by it). */
function jobKeyOf(executionId: string): string {
  return `execution:${executionId}`;
}

export async function removeQueuedExecution(executionId: string): Promise<void> {
  const utils = await getWorkerUtils();
  // Removes the job only while no worker holds it.
  await utils.withPgClient((client) => client.query("SELECT graphile_worker.remove_job($1)", [jobKeyOf(executionId)]));
}
