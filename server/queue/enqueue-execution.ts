import { EXECUTE_ANY_TASK, executeOnRunnerTask, sessionQueueName, type ExecuteJobPayload } from "@/server/queue/tasks";
import { getWorkerUtils } from "@/server/queue/worker-utils";

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
};

export async function enqueueExecution(executionId: string, target: EnqueueTarget = {}): Promise<void> {
  const utils = await getWorkerUtils();
  const payload: ExecuteJobPayload = { executionId };
  // Named queues run one job at a time, in order. Every run is queued under
  // its own session, and a follow-up joins the queue of the job it waits for:
  // so all pending turns of a session share one queue and never run at once.
  // (A session's first turn can sit in another session's queue, e.g. a fork
  // waiting for its source, so "session:<id>" alone would not be enough: a
  // Continue on that fork would start beside it.)
  const waitQueue = target.after ? await queueOfExecutionJob(target.after) : null;
  await utils.addJob(target.runnerId ? executeOnRunnerTask(target.runnerId) : EXECUTE_ANY_TASK, payload, {
    // The job key lets Cancel remove a job that has not started yet.
    jobKey: jobKeyOf(executionId),
    queueName: waitQueue ?? (target.sessionId ? sessionQueueName(target.sessionId) : undefined),
    // A failed agent run is a result, not something to retry behind the user's back.
    maxAttempts: 1,
  });
}

function jobKeyOf(executionId: string): string {
  return `execution:${executionId}`;
}

/** The queue of an execution's job while the job exists (it is gone once the run has finished). */
async function queueOfExecutionJob(executionId: string): Promise<string | null> {
  const utils = await getWorkerUtils();
  const { rows } = await utils.withPgClient((client) =>
    client.query<{ queue_name: string | null }>("SELECT queue_name FROM graphile_worker.jobs WHERE key = $1", [jobKeyOf(executionId)]),
  );
  return rows[0]?.queue_name ?? null;
}

export async function removeQueuedExecution(executionId: string): Promise<void> {
  const utils = await getWorkerUtils();
  // Removes the job only while no worker holds it.
  await utils.withPgClient((client) => client.query("SELECT graphile_worker.remove_job($1)", [jobKeyOf(executionId)]));
}
