import { EXECUTE_ANY_TASK, executeOnRunnerTask, sessionQueueName, type ExecuteJobPayload } from "@/server/queue/tasks";
import { getWorkerUtils } from "@/server/queue/worker-utils";

export type EnqueueTarget = {
  /** Run on this runner only (it holds the session on its disk). */
  runnerId?: string | null;
  /** Serialize behind other turns of this agent session. */
  sessionId?: string | null;
};

export async function enqueueExecution(executionId: string, target: EnqueueTarget = {}): Promise<void> {
  const utils = await getWorkerUtils();
  const payload: ExecuteJobPayload = { executionId };
  await utils.addJob(target.runnerId ? executeOnRunnerTask(target.runnerId) : EXECUTE_ANY_TASK, payload, {
    // The job key lets Cancel remove a job that has not started yet.
    jobKey: `execution:${executionId}`,
    queueName: target.sessionId ? sessionQueueName(target.sessionId) : undefined,
    // A failed agent run is a result, not something to retry behind the user's back.
    maxAttempts: 1,
  });
}

export async function removeQueuedExecution(executionId: string): Promise<void> {
  const utils = await getWorkerUtils();
  // Removes the job only while no worker holds it.
  await utils.withPgClient((client) => client.query("SELECT graphile_worker.remove_job($1)", [`execution:${executionId}`]));
}
