import type { Prisma } from "@/server/generated/prisma/client";
import { EXECUTE_ANY_TASK, executeOnRunnerTask, sessionQueueName, type ExecuteJobPayload } from "@/server/queue/tasks";
import { getWorkerUtils } from "@/server/queue/worker-utils";

// An execution's job is added in the same transaction as its row (through
// graphile-worker's own add_job function), so a row never exists without its
// job, nor a job without its row: a crash between the two can leave nothing
// half-done, and no worker can take the job before the row is visible.

export type EnqueueTarget = {
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
  /**
   * When the job may run; jobs of one queue run in this order. The caller
   * passes the execution's createdAt, taken under the session's lock, so the
   * queue order is the order in which turns were recorded.
   */
  runAt: Date;
  /** A NOTIFY sent with the job, in the same statement (delivered at commit). */
  notify?: { channel: string; payload: string };
};

export async function enqueueExecution(tx: Prisma.TransactionClient, executionId: string, target: EnqueueTarget): Promise<void> {
  const payload: ExecuteJobPayload = { executionId };
  // Named queues run one job at a time, in order. Every run is queued under
  // its own session, and a follow-up joins the queue of the job it waits for:
  // so all pending turns of a session share one queue and never run at once.
  // (A session's first turn can sit in another session's queue, e.g. a fork
  // waiting for its source, so "session:<id>" alone would not be enough: a
  // Continue on that fork would start beside it.)
  const waitQueue = target.after ? await queueOfExecutionJob(tx, target.after) : null;
  const queueName = waitQueue ?? (target.sessionId ? sessionQueueName(target.sessionId) : null);
  const task = target.runnerId ? executeOnRunnerTask(target.runnerId) : EXECUTE_ANY_TASK;
  // (executeRaw: add_job returns a row of graphile-worker's private table type, which Prisma cannot read.)
  await tx.$executeRaw`
    SELECT graphile_worker.add_job(
      identifier => ${task}::text,
      payload => ${JSON.stringify(payload)}::json,
      queue_name => ${queueName}::text,
      run_at => ${target.runAt}::timestamptz,
      max_attempts => 1,
      job_key => ${jobKeyOf(executionId)}::text
    ), CASE WHEN ${target.notify?.channel ?? null}::text IS NULL THEN NULL ELSE pg_notify(${target.notify?.channel ?? null}::text, ${target.notify?.payload ?? null}::text) END`;
  // max_attempts 1: a failed agent run is a result, not something to retry
  // behind the user's back. The job key lets Cancel remove a job that has not
  // started yet.
}

/** The key of an execution's job (Cancel removes a job by it). */
export function jobKeyOf(executionId: string): string {
  return `execution:${executionId}`;
}

/** The queue of an execution's job while the job exists (it is gone once the run has finished). */
async function queueOfExecutionJob(tx: Prisma.TransactionClient, executionId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ queue_name: string | null }[]>`SELECT queue_name FROM graphile_worker.jobs WHERE key = ${jobKeyOf(executionId)}`;
  return rows[0]?.queue_name ?? null;
}

export async function removeQueuedExecution(executionId: string): Promise<void> {
  const utils = await getWorkerUtils();
  // Removes the job only while no worker holds it.
  await utils.withPgClient((client) => client.query("SELECT graphile_worker.remove_job($1)", [jobKeyOf(executionId)]));
}
