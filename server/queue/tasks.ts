// Job names in the graphile-worker queue. A new run can go to any runner; a
// Continue or Fork must run on the runner whose disk holds the session, so
// every runner also serves a task named after itself.
export const EXECUTE_ANY_TASK = "arbor_execute";

export function executeOnRunnerTask(runnerId: string): string {
  return `arbor_execute@${runnerId}`;
}

/** Turns on one agent session run one after another, never two at once. */
export function sessionQueueName(sessionId: string): string {
  return `session:${sessionId}`;
}

export type ExecuteJobPayload = { executionId: string };
