import "server-only";
import { dbPool } from "@/server/db-pool";
import { Prisma, type Execution } from "@/server/generated/prisma/client";
import { executionColumns, executionFromPg } from "@/server/executions/execution-columns";
import { jobOf, type JobTarget } from "@/server/queue/enqueue-execution";
import type { TurnColumns } from "@/server/executions/record-new-run";
import type { Notice } from "@/server/realtime/announce";

// A follow-up's turn (Continue, Fork) recorded in one statement, one round
// trip: take the session's lock and read its head (arbor_lock_session_head),
// insert the row timestamped after the head, add its job and send its
// NOTIFY. The statement is its own transaction, so the lock is held until
// the row and job are committed, as session-lock.ts requires. The plan the
// row carries depends on whether the source is still the head, which is only
// known under the lock: the caller says what it assumed, and when the head
// says otherwise nothing is written and the head is returned, to decide
// again (branch-execution.ts).

/** The columns a follow-up sets (a turn's, and its place in the session); the rest take their defaults. */
export type FollowUpRow = TurnColumns &
  Pick<
    Execution,
    "id" | "groupId" | "runnerId" | "targetSessionId" | "parentExecutionId" | "forkedFromExecutionId" | "forkSessionId" | "managedSessionId" | "forceFresh"
  >;

export type FollowUpTurn = {
  /** The agent session whose lock is taken and whose head is read. */
  session: string;
  /** The execution followed up. */
  sourceId: string;
  /** What the row assumes about the head: the source, another turn, or anything (a fork's plan does not depend on it). */
  assumedHead: "source" | "other" | "any";
  row: FollowUpRow;
  /** Where the job queues (enqueue-execution.ts; its run_at is the row's createdAt), and a NOTIFY sent with it (delivered at commit). */
  queue: JobTarget & { notify?: Notice };
};

export type FollowUpRecord = { recorded: true; row: Execution } | { recorded: false; headId: string | null };

export async function recordFollowUp(turn: FollowUpTurn): Promise<FollowUpRecord> {
  const { row, queue } = turn;
  const job = jobOf(row.id, queue);
  const statement = Prisma.sql`
    WITH head AS (
      SELECT head_id, head_created_at, locked_at FROM arbor_lock_session_head(${turn.session})
    ), inserted AS (
      INSERT INTO executions (
        id, issue_id, agent, model, group_id, prompt, agent_prompt, expanded_references, cwd, project_id, shared_directory, runner_id,
        target_session_id, parent_execution_id, forked_from_execution_id, fork_session_id, managed_session_id, force_fresh,
        resume_decision, resume_reason, resume_message, transcript_source_execution_id, idempotency_key, timings,
        requested_permissions, created_at, updated_at)
      SELECT ${row.id}::uuid, ${row.issueId}::text, ${row.agent}::text, ${row.model}::text, ${row.groupId}::text, ${row.prompt}::text, ${row.agentPrompt}::text,
        ${row.expandedReferences}::text[], ${row.cwd}::text, ${row.projectId}::text, ${row.sharedDirectory}::boolean, ${row.runnerId}::text,
        ${row.targetSessionId}::text, ${row.parentExecutionId}::uuid, ${row.forkedFromExecutionId}::uuid, ${row.forkSessionId}::text,
        ${row.managedSessionId}::text, ${row.forceFresh}::boolean, ${row.resumeDecision}::text, ${row.resumeReason}::text,
        ${row.resumeMessage}::text, ${row.transcriptSourceExecutionId}::uuid, ${row.idempotencyKey}::text,
        ${JSON.stringify(row.timings)}::jsonb, ${row.requestedPermissions === null ? null : JSON.stringify(row.requestedPermissions)}::jsonb,
        -- The clock once the lock is held (session-lock.ts), and strictly after the head.
        GREATEST(date_trunc('milliseconds', head.locked_at), head.head_created_at + interval '1 millisecond'), now()
      FROM head
      WHERE ${turn.assumedHead}::text = 'any' OR (head.head_id IS NOT DISTINCT FROM ${turn.sourceId}::uuid) = (${turn.assumedHead}::text = 'source')
      RETURNING ${Prisma.raw(executionColumns())}
    ), job AS (
      SELECT j.id FROM inserted, LATERAL graphile_worker.add_job(
        identifier => ${job.task}::text,
        payload => ${job.payload}::json,
        queue_name => COALESCE((SELECT queue_name FROM graphile_worker.jobs WHERE key = ${job.waitKey}::text), ${job.ownQueue}::text),
        run_at => inserted."createdAt",
        max_attempts => ${job.maxAttempts}::int,
        job_key => ${job.key}::text
      ) AS j
    ), notified AS (
      SELECT pg_notify(${queue.notify?.channel ?? null}::text, ${queue.notify?.payload ?? null}::text) FROM job
       WHERE ${queue.notify?.channel ?? null}::text IS NOT NULL
    )
    -- (job and notified are named here so that they run: a SELECT that nothing reads is skipped.)
    SELECT inserted.*, head.head_id::text AS "headId", (SELECT count(*) FROM job) + (SELECT count(*) FROM notified) AS "sideEffects"
      FROM head LEFT JOIN inserted ON true`;
  // Prepared once per connection (its text never changes: every part of it above is a value).
  const { rows } = await dbPool.query({ name: "arbor_record_follow_up", text: statement.text, values: statement.values });
  const { headId, sideEffects: _ran, ...result } = rows[0];
  if (!result.id) return { recorded: false, headId };
  return { recorded: true, row: executionFromPg(result) };
}
