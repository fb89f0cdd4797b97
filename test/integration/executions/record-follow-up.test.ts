import { randomUUID } from "node:crypto";
import pg from "pg";
import { prisma } from "@/server/db";
import { recordFollowUp, type FollowUpRow } from "@/server/executions/record-follow-up";
import { isUniqueViolation } from "@/server/http/prisma-errors";
import { executionRows } from "@/test/support/execution-rows";

// A follow-up's turn is recorded in one statement: lock, head, row, job and
// NOTIFY together, and nothing at all when the head is not the one assumed.

const rows = executionRows("Follow-ups in one statement");
const { turn } = rows;

function continueRow(parentId: string, session: string, extra: Partial<FollowUpRow> = {}): FollowUpRow {
  return {
    id: randomUUID(),
    issueId: rows.issueId(),
    agent: "claude",
    model: null,
    groupId: null,
    prompt: "go on",
    agentPrompt: null,
    expandedReferences: ["SPEC-1"],
    cwd: "/tmp",
    projectId: null,
    sharedDirectory: false,
    runnerId: null,
    targetSessionId: session,
    parentExecutionId: parentId,
    forkedFromExecutionId: null,
    forkSessionId: null,
    managedSessionId: null,
    forceFresh: false,
    resumeDecision: "resume",
    resumeReason: "resumable",
    resumeMessage: null,
    transcriptSourceExecutionId: null,
    idempotencyKey: null,
    timings: { requestedAt: 1, insertedAt: 2 },
    requestedPermissions: { mode: "edits", allow: ["Bash(ls)"] },
    ...extra,
  };
}

async function jobOf(executionId: string) {
  const rows = await prisma.$queryRaw<{ queue_name: string | null; run_at: Date; task_identifier: string }[]>`
    SELECT queue_name, run_at, task_identifier FROM graphile_worker.jobs WHERE key = ${`execution:${executionId}`}`;
  return rows[0] ?? null;
}

test("recorded: the row as Prisma reads it, after the head, with its job in the session's queue at the row's time", async () => {
  const session = randomUUID();
  // The head was recorded in the future: the new turn still sorts after it.
  const head = await turn({ status: "completed", sessionId: session, startedAt: rows.now(), createdAt: new Date(Date.now() + 60_000) });
  const row = continueRow(head.id, session);
  const result = await recordFollowUp({ session, sourceId: head.id, assumedHead: "source", row, queue: { runnerId: null, sessionId: session, after: null } });

  if (!result.recorded) throw new Error(`not recorded: head ${result.headId}`);
  expect(result.row).toEqual(await prisma.execution.findUnique({ where: { id: row.id } }));
  expect(result.row).toMatchObject({
    status: "queued",
    parentExecutionId: head.id,
    expandedReferences: ["SPEC-1"],
    timings: row.timings,
    requestedPermissions: { mode: "edits", allow: ["Bash(ls)"] },
  });
  expect(result.row.createdAt.getTime()).toBe(head.createdAt.getTime() + 1);
  expect(await jobOf(row.id)).toEqual({ queue_name: `session:${session}`, run_at: result.row.createdAt, task_identifier: "arbor_execute" });
});

test("another head than assumed: nothing is written, and the head is returned", async () => {
  const session = randomUUID();
  const first = await turn({ status: "completed", sessionId: session, startedAt: rows.now() });
  const second = await turn({ status: "completed", sessionId: session, startedAt: rows.now() });
  const row = continueRow(first.id, session);
  const queue = { runnerId: null, sessionId: session, after: null };

  expect(await recordFollowUp({ session, sourceId: first.id, assumedHead: "source", row, queue })).toEqual({ recorded: false, headId: second.id });
  expect(await prisma.execution.findUnique({ where: { id: row.id } })).toBeNull();
  expect(await jobOf(row.id)).toBeNull();
  // Assuming the head is another turn than the source holds, so it records.
  expect((await recordFollowUp({ session, sourceId: first.id, assumedHead: "other", row, queue })).recorded).toBe(true);
  // And the mirror case: the source is the head, but the row assumed it was not.
  const next = continueRow(row.id, session);
  expect(await recordFollowUp({ session, sourceId: row.id, assumedHead: "other", row: next, queue })).toEqual({ recorded: false, headId: row.id });
});

test("a follow-up of an unfinished turn joins that turn's queue; its NOTIFY is sent with it, and only when it is recorded", async () => {
  const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  const heard: string[] = [];
  listener.on("notification", (msg) => heard.push(msg.payload ?? ""));
  const channel = `arbor_test_${randomUUID().replaceAll("-", "")}`;
  await listener.query(`LISTEN ${channel}`);
  try {
    const session = randomUUID();
    const running = await turn({ status: "running", targetSessionId: session, startedAt: rows.now() });
    await prisma.$executeRaw`SELECT graphile_worker.add_job('arbor_execute', '{}'::json, queue_name => 'a-queue-of-its-own', job_key => ${`execution:${running.id}`})`;
    const row = continueRow(running.id, session);
    const queue = { runnerId: null, sessionId: session, after: running.id, notify: { channel, payload: `queued ${row.id}` } };

    // Assumed wrong: no row, no job, no NOTIFY.
    expect((await recordFollowUp({ session, sourceId: running.id, assumedHead: "other", row, queue })).recorded).toBe(false);
    const recorded = await recordFollowUp({ session, sourceId: running.id, assumedHead: "source", row, queue });
    expect(recorded.recorded).toBe(true);
    expect((await jobOf(row.id))?.queue_name).toBe("a-queue-of-its-own");
    for (let waited = 0; heard.length === 0 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([`queued ${row.id}`]);
  } finally {
    await listener.end();
  }
});

test("a second turn with the same Idempotency-Key is refused by the unique index, as a unique violation", async () => {
  const session = randomUUID();
  const head = await turn({ status: "completed", sessionId: session, startedAt: rows.now() });
  const key = randomUUID();
  const queue = { runnerId: null, sessionId: session, after: null };
  await recordFollowUp({ session, sourceId: head.id, assumedHead: "any", row: continueRow(head.id, session, { idempotencyKey: key }), queue });
  const again = recordFollowUp({ session, sourceId: head.id, assumedHead: "any", row: continueRow(head.id, session, { idempotencyKey: key }), queue });
  const error = await again.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUniqueViolation(error)).toBe(true);
});
