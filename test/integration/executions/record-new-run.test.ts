import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { prisma } from "@/server/db";
import { insertNewRunIn, recordNewRun, type NewRunRow } from "@/server/executions/record-new-run";
import { isUniqueViolation } from "@/server/http/prisma-errors";
import { NEW_RUN_PARENT, notice } from "@/server/realtime/announce";
import { QUEUED_CHANNEL, STATUS_CHANNEL } from "@/server/realtime/channels";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";

// A new run is recorded in one statement: a fitting pre-started agent claimed,
// the row, its job and (for a claimed agent) the NOTIFYs that start it, or, in
// a fan-out's transaction, the same statement beside the group's row.

const RUNNER = "new-run-runner";
const PROJECT = "PROJ-1";
const BASE = "a".repeat(40);
let issueId: string;

beforeAll(async () => {
  await resetDb();
  const now = new Date();
  await prisma.runner.create({ data: { id: RUNNER, hostname: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now } });
  await prisma.project.create({ data: { id: PROJECT, number: 1, name: "shop", path: "/tmp/new-run-shop", isGitRepo: true, baseBranch: "main" } });
  issueId = (await makeIssue({ title: "New runs in one statement", projectId: PROJECT })).id;
});
afterAll(async () => {
  await prisma.$disconnect();
});

function newRun(extra: Partial<NewRunRow> = {}): NewRunRow {
  return {
    issueId,
    agent: "claude",
    model: null,
    prompt: "build it",
    agentPrompt: "build it (expanded)",
    expandedReferences: ["SPEC-1"],
    cwd: "/tmp/new-run-shop",
    projectId: PROJECT,
    sharedDirectory: false,
    startSha: BASE,
    idempotencyKey: null,
    restartedFromExecutionId: null,
    resumeDecision: null,
    resumeReason: null,
    resumeMessage: null,
    transcriptSourceExecutionId: null,
    timings: { requestedAt: 1 },
    requestedPermissions: null,
    ...extra,
  };
}

async function prestarted(extra: { reported?: boolean; model?: string | null } = {}): Promise<string> {
  const sessionId = randomUUID();
  await prisma.prestartedAgent.create({
    data: {
      sessionId,
      runnerId: RUNNER,
      projectId: PROJECT,
      agent: "claude",
      model: extra.model ?? null,
      baseSha: BASE,
      cwd: `/tmp/spare-${sessionId}`,
      sessionReportedAt: extra.reported ? new Date() : null,
    },
  });
  return sessionId;
}

async function jobOf(executionId: string) {
  const rows = await prisma.$queryRaw<{ queue_name: string | null; run_at: Date; task_identifier: string }[]>`
    SELECT queue_name, run_at, task_identifier FROM graphile_worker.jobs WHERE key = ${`execution:${executionId}`}`;
  return rows[0] ?? null;
}

/** What the two channels a claim notifies on carried while `act` ran. */
async function heardDuring(act: () => Promise<unknown>): Promise<{ status: string[]; queued: string[] }> {
  const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  const heard = { status: [] as string[], queued: [] as string[] };
  listener.on("notification", (msg) => (msg.channel === QUEUED_CHANNEL ? heard.queued : heard.status).push(msg.payload ?? ""));
  try {
    await listener.query(`LISTEN ${STATUS_CHANNEL}; LISTEN ${QUEUED_CHANNEL}`);
    await act();
    // A notification follows its commit by milliseconds; a round trip on the listener's own connection lets it in.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await listener.query("SELECT 1");
  } finally {
    await listener.end();
  }
  return heard;
}

test("no pre-started agent: the row as Prisma reads it, a session minted for it, its job in that session's queue at its time, no notice", async () => {
  let row = null as Awaited<ReturnType<typeof recordNewRun>> | null;
  const heard = await heardDuring(async () => {
    row = await recordNewRun({ row: newRun({ requestedPermissions: { mode: "edits", allow: ["Bash(ls)"] } }), runnerId: null });
  });
  const recorded = row!;
  expect(recorded).toEqual(await prisma.execution.findUnique({ where: { id: recorded.id } }));
  expect(recorded).toMatchObject({
    status: "queued",
    issueId,
    projectId: PROJECT,
    startSha: BASE,
    agentPrompt: "build it (expanded)",
    expandedReferences: ["SPEC-1"],
    sessionId: null,
    targetSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    requestedPermissions: { mode: "edits", allow: ["Bash(ls)"] },
    timings: { requestedAt: 1, insertedAt: expect.any(Number) },
  });
  expect(await jobOf(recorded.id)).toEqual({ queue_name: `session:${recorded.targetSessionId}`, run_at: recorded.createdAt, task_identifier: "arbor_execute" });
  expect(heard.queued.filter((p) => p.startsWith(recorded.id))).toEqual([]);
  // A run for one runner only is queued for it.
  const pinned = await recordNewRun({ row: newRun({ projectId: null, startSha: null }), runnerId: RUNNER });
  expect((await jobOf(pinned.id))?.task_identifier).toBe(`arbor_execute@${RUNNER}`);
});

test("a fitting pre-started agent is claimed: its session (shown at once when reported), its runner's queue, and the notices that start it", async () => {
  const unreported = await prestarted();
  const first = await recordNewRun({ row: newRun(), runnerId: null });
  expect(first).toMatchObject({ targetSessionId: unreported, sessionId: null });
  const reported = await prestarted({ reported: true });
  let second = null as Awaited<ReturnType<typeof recordNewRun>> | null;
  const heard = await heardDuring(async () => {
    second = await recordNewRun({ row: newRun(), runnerId: null });
  });
  expect(second).toMatchObject({ targetSessionId: reported, sessionId: reported });
  expect(await prisma.prestartedAgent.count()).toBe(0); // each used once
  expect(await jobOf(second!.id)).toEqual({ queue_name: `session:${reported}`, run_at: second!.createdAt, task_identifier: `arbor_execute@${RUNNER}` });
  // The very notices the listeners parse (server/runner/process/listen.ts).
  expect(heard.status).toContain(notice.status(second!.id).payload);
  expect(heard.queued).toEqual([notice.queued({ executionId: second!.id, runnerId: RUNNER, sessionId: reported, parentId: NEW_RUN_PARENT }).payload]);
});

test("runs that may not take one leave it: another model, the shared directory, a restart, another start commit", async () => {
  const waiting = await prestarted();
  for (const extra of [{ model: "opus" }, { sharedDirectory: true }, { resumeDecision: "fresh" }, { startSha: "b".repeat(40) }]) {
    const run = await recordNewRun({ row: newRun(extra), runnerId: null });
    expect(run.targetSessionId).not.toBe(waiting);
  }
  expect(await prisma.prestartedAgent.count({ where: { sessionId: waiting } })).toBe(1);
  await prisma.prestartedAgent.deleteMany();
});

test("in a caller's transaction (a fan-out's members): the same statement, and a rollback takes the claim back", async () => {
  const waiting = await prestarted();
  const inserted = await prisma.$transaction((tx) => insertNewRunIn(tx, { row: newRun(), runnerId: null, groupId: null }));
  expect(inserted).toEqual(await prisma.execution.findUnique({ where: { id: inserted.id } }));
  expect(inserted.targetSessionId).toBe(waiting);

  const again = await prestarted();
  let id = "";
  await expect(
    prisma.$transaction(async (tx) => {
      id = (await insertNewRunIn(tx, { row: newRun(), runnerId: null })).id;
      throw new Error("a later member was refused");
    }),
  ).rejects.toThrow("a later member was refused");
  expect(await prisma.execution.findUnique({ where: { id } })).toBeNull();
  expect(await jobOf(id)).toBeNull();
  expect(await prisma.prestartedAgent.count({ where: { sessionId: again } })).toBe(1);
  await prisma.prestartedAgent.deleteMany();
});

test("a second run with the same Idempotency-Key is refused by the unique index, as a unique violation, and claims nothing", async () => {
  const key = randomUUID();
  await recordNewRun({ row: newRun({ idempotencyKey: key, projectId: null, startSha: null }), runnerId: null });
  const waiting = await prestarted();
  const error = await recordNewRun({ row: newRun({ idempotencyKey: key }), runnerId: null }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUniqueViolation(error)).toBe(true);
  expect(await prisma.prestartedAgent.count({ where: { sessionId: waiting } })).toBe(1);
});
