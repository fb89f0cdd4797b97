import type { Prisma } from "@/server/generated/prisma/client";
import { EXECUTE_ANY_TASK, executeOnRunnerTask } from "@/server/queue/tasks";

// A job queued for one runner (`arbor_execute@<id>`: a Continue or Fork that
// went back to the runner holding its session) waits for that runner alone.
// When the runner will take no more turns (it is drained, or it was found
// dead), its waiting jobs are handed to any runner: the job is the same row
// with the any-runner task, so its key (Cancel removes it by that), its queue
// (a session's turns still run one after another, in order) and its run_at
// are kept. Whoever takes it restores what the session needs (issue 24).
// A job a worker holds (locked) is that worker's and is left alone.
//
// graphile-worker has no call for "change a job's task", so this is one
// statement on its tables (0.16: `_private_jobs`, `_private_tasks`; see
// node_modules/graphile-worker/sql/000016.sql). The any-runner task row is
// made when missing, as add_job does (and not written when it exists: a
// drained runner calls this on every heartbeat).

/** The Prisma client or a transaction of it (the dead-runner sweep reroutes inside its claim). */
type Db = Pick<Prisma.TransactionClient, "$queryRaw">;

/** Moves the runner's unlocked jobs to the any-runner task; returns the executions whose jobs moved. */
export async function rerouteRunnerJobs(db: Db, runnerId: string): Promise<string[]> {
  const moved = await db.$queryRaw<{ execution_id: string | null }[]>`
    WITH made AS (
      INSERT INTO graphile_worker._private_tasks (identifier) VALUES (${EXECUTE_ANY_TASK})
      ON CONFLICT (identifier) DO NOTHING
      RETURNING id
    ), any_task AS (
      SELECT id FROM made
      UNION ALL
      SELECT id FROM graphile_worker._private_tasks WHERE identifier = ${EXECUTE_ANY_TASK}
    )
    UPDATE graphile_worker._private_jobs AS jobs
       SET task_id = (SELECT id FROM any_task LIMIT 1), updated_at = now()
      FROM graphile_worker._private_tasks AS tasks
     WHERE tasks.identifier = ${executeOnRunnerTask(runnerId)}
       AND jobs.task_id = tasks.id
       AND jobs.locked_at IS NULL
       AND jobs.attempts < jobs.max_attempts
       -- Never a turn that runs: a warm session's early turn runs on its runner outside any worker, its job
       -- unlocked until a worker there adopts it; handed on, another runner would complete it at once and free
       -- the session's queue while the turn still runs. (Once that turn has ended, its job is handed on to be
       -- completed by whoever takes it: its claim finds nothing to run.)
       AND NOT EXISTS (SELECT 1 FROM executions e WHERE e.id::text = jobs.payload->>'executionId' AND e.status = 'running')
    RETURNING jobs.payload->>'executionId' AS execution_id`;
  return moved.flatMap((row) => (row.execution_id ? [row.execution_id] : []));
}
