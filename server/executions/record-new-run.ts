import "server-only";
import { randomUUID } from "node:crypto";
import type { PermissionPolicyInput } from "@/lib/permissions/schema";
import { nowMs } from "@/lib/executions/timings";
import { dbPool } from "@/server/db-pool";
import { Prisma, type Execution } from "@/server/generated/prisma/client";
import { prestartClaim } from "@/server/executions/claim-prestarted";
import { executionColumns, executionFromPg } from "@/server/executions/execution-columns";
import { jobOf } from "@/server/queue/enqueue-execution";
import { EXECUTE_ANY_TASK, executeOnRunnerTask, sessionQueueName } from "@/server/queue/tasks";
import { NEW_RUN_PARENT, notice } from "@/server/realtime/announce";
import { QUEUED_CHANNEL } from "@/server/realtime/channels";

// A new run recorded in one statement, one round trip, as a follow-up is
// (record-follow-up.ts): claim a runner's pre-started agent for it when one
// fits (claim-prestarted.ts), insert the row (in that agent's session, else
// one minted now), add its job and, for a claimed agent, send the NOTIFYs
// that start it at once. Until issue 28 part 15 this was a transaction of six
// statements through Prisma. A fan-out inserts its members in its own
// transaction with the same statement (insertNewRunIn, server/groups/fan-out.ts).

/**
 * The columns every recorded turn sets, a new run's (here) and a follow-up's
 * (record-follow-up.ts); the rest take their defaults.
 */
export type TurnColumns = Pick<
  Execution,
  | "issueId"
  | "agent"
  | "model"
  | "prompt"
  | "agentPrompt"
  | "expandedReferences"
  | "cwd"
  | "projectId"
  | "sharedDirectory"
  | "resumeDecision"
  | "resumeReason"
  | "resumeMessage"
  | "transcriptSourceExecutionId"
  | "idempotencyKey"
> & { timings: Record<string, number>; requestedPermissions: PermissionPolicyInput | null };

/** A new run's columns: a turn's, its start commit, and the run it restarts (Start fresh). */
export type NewRunRow = TurnColumns & Pick<Execution, "startSha" | "restartedFromExecutionId">;

export type NewRunTarget = {
  row: NewRunRow;
  /** The run must go to this runner (none: any). */
  runnerId: string | null;
  /** The fan-out group it is a member of. */
  groupId?: string | null;
};

/** The statement: on the pool (its own transaction) or in a caller's transaction. */
export function newRunStatement({ row, runnerId, groupId = null }: NewRunTarget): Prisma.Sql {
  const id = randomUUID();
  // The job and the queued notice name the claimed agent's runner and session, known only in the statement:
  // their formats are jobOf's and notice.queued's, completed there (a test holds the notice to notice.queued's).
  const job = jobOf(id, {});
  const runnerTask = executeOnRunnerTask("");
  const sessionQueue = sessionQueueName("");
  const status = notice.status(id);
  // Stamped as the statement is sent (a fan-out prepares every member before it inserts any).
  const timings = { ...row.timings, insertedAt: nowMs() };
  return Prisma.sql`
    WITH claimed AS (${prestartClaim({ ...row, runnerId })}
    ), run AS (
      -- The claimed agent's session, else one minted now: passed as --session-id, so it is known before the agent starts.
      SELECT c.session_id AS claimed_session, c.runner_id AS claimed_runner, COALESCE(c.reported, false) AS reported,
             COALESCE(c.session_id, ${randomUUID()}::text) AS target_session, COALESCE(c.runner_id, ${runnerId}::text) AS queue_runner,
             date_trunc('milliseconds', clock_timestamp()) AS created_at
        FROM (SELECT 1) AS one LEFT JOIN claimed c ON true
    ), inserted AS (
      INSERT INTO executions (
        id, issue_id, agent, model, group_id, prompt, agent_prompt, expanded_references, cwd, project_id, shared_directory, start_sha,
        idempotency_key, restarted_from_execution_id, resume_decision, resume_reason, resume_message, transcript_source_execution_id,
        requested_permissions, timings, target_session_id, session_id, created_at, updated_at)
      SELECT ${id}::uuid, ${row.issueId}::text, ${row.agent}::text, ${row.model}::text, ${groupId}::text, ${row.prompt}::text,
        ${row.agentPrompt}::text, ${row.expandedReferences}::text[], ${row.cwd}::text, ${row.projectId}::text, ${row.sharedDirectory}::boolean,
        ${row.startSha}::text, ${row.idempotencyKey}::text, ${row.restartedFromExecutionId}::uuid, ${row.resumeDecision}::text,
        ${row.resumeReason}::text, ${row.resumeMessage}::text, ${row.transcriptSourceExecutionId}::uuid,
        ${row.requestedPermissions === null ? null : JSON.stringify(row.requestedPermissions)}::jsonb, ${JSON.stringify(timings)}::jsonb,
        -- The pre-started process named this session itself, before the run existed: shown from the insert on
        -- (unconfirmed until the turn's result, as for any agent; cleared if no agent runs for it).
        run.target_session, CASE WHEN run.reported THEN run.claimed_session END, run.created_at, now()
      FROM run
      RETURNING ${Prisma.raw(executionColumns())}
    ), job AS (
      -- Queued under its own session, so a Continue sent while it runs waits for it.
      SELECT j.id FROM inserted, run, LATERAL graphile_worker.add_job(
        identifier => CASE WHEN run.queue_runner IS NULL THEN ${EXECUTE_ANY_TASK}::text ELSE ${runnerTask}::text || run.queue_runner END,
        payload => ${job.payload}::json,
        queue_name => ${sessionQueue}::text || run.target_session,
        run_at => inserted."createdAt",
        max_attempts => ${job.maxAttempts}::int,
        job_key => ${job.key}::text
      ) AS j
    ), notified AS (
      -- Delivered at commit: open pages read the run (with its session), and the runner holding the claimed
      -- agent starts it at once instead of when a worker takes its job (server/runner/warm/early-turns.ts).
      SELECT pg_notify(${status.channel}::text, ${status.payload}::text),
             pg_notify(${QUEUED_CHANNEL}::text, concat_ws(' ', ${id}::text, run.claimed_runner, run.claimed_session, ${NEW_RUN_PARENT}::text))
        FROM run, job WHERE run.claimed_session IS NOT NULL
    )
    -- (job and notified are named here so that they run: a SELECT that nothing reads is skipped.)
    SELECT inserted.*, (SELECT count(*) FROM job) + (SELECT count(*) FROM notified) AS "sideEffects" FROM inserted`;
}

/** Records the run in its own transaction (the statement is one). */
export async function recordNewRun(target: NewRunTarget): Promise<Execution> {
  const statement = newRunStatement(target);
  // Prepared once per connection (its text never changes: every part of it above is a value).
  const { rows } = await dbPool.query({ name: "arbor_record_new_run", text: statement.text, values: statement.values });
  const { sideEffects: _ran, ...row } = rows[0];
  return executionFromPg(row);
}

/** The same statement in a caller's transaction (a fan-out's members, beside their group). */
export async function insertNewRunIn(tx: Prisma.TransactionClient, target: NewRunTarget): Promise<Execution> {
  const [{ sideEffects: _ran, ...row }] = await tx.$queryRaw<(Execution & { sideEffects: bigint })[]>(newRunStatement(target));
  return row as Execution;
}
