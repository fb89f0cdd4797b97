import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { findSessionHead } from "@/server/executions/session-head";
import { executionRows } from "@/test/support/execution-rows";

// A follow-up reads its session's head under the session's lock in one round
// trip, through the database function arbor_lock_session_head (record-follow-up.ts), while pages
// and bundles read it with findSessionHead (Prisma). The two must agree on
// which turn is the head whatever states the session's turns are in, and the
// function must wait for the lock before it reads.

const rows = executionRows("Session heads under the lock");
const { turn } = rows;

/** The function as record-follow-up.ts calls it: the lock (held until the transaction ends), then the head. */
async function lockSessionHead(tx: Prisma.TransactionClient, sessionId: string) {
  const [row] = await tx.$queryRaw<{ head_id: string | null; head_created_at: Date | null }[]>`
    SELECT head_id::text, head_created_at FROM arbor_lock_session_head(${sessionId})`;
  return { head: row.head_id && row.head_created_at ? { id: row.head_id, createdAt: row.head_created_at } : null };
}

async function headUnderLock(sessionId: string) {
  return prisma.$transaction((tx) => lockSessionHead(tx, sessionId));
}

async function expectSameHead(sessionId: string, expected: string | null) {
  const [locked, read] = await Promise.all([headUnderLock(sessionId), findSessionHead(sessionId)]);
  expect({ locked: locked.head?.id ?? null, read: read?.id ?? null }).toEqual({ locked: expected, read: expected });
  if (read) expect(locked.head?.createdAt.getTime()).toBe(read.createdAt.getTime());
}

test("the head under the lock is findSessionHead's, turn by turn, whatever state each turn is in", async () => {
  const session = randomUUID();
  await expectSameHead(session, null);

  const first = await turn({ status: "completed", sessionId: session, startedAt: rows.now() });
  await expectSameHead(session, first.id);
  // Cancelled before it started: never touched the session.
  await turn({ status: "cancelled", targetSessionId: session });
  await expectSameHead(session, first.id);
  // Its resume was rejected: not a turn of the session either.
  await turn({ status: "failed", sessionId: session, startedAt: rows.now(), errorCode: "session_not_found" });
  await expectSameHead(session, first.id);
  // Failed after it started: it did touch the session.
  const failed = await turn({ status: "failed", sessionId: session, startedAt: rows.now(), errorCode: "agent_exit" });
  await expectSameHead(session, failed.id);
  // Queued, the session id not reported yet: the head already (the next turn waits for it).
  const queued = await turn({ status: "queued", targetSessionId: session });
  await expectSameHead(session, queued.id);
  // Another session's turns never count.
  await turn({ status: "completed", sessionId: randomUUID(), startedAt: rows.now() });
  await expectSameHead(session, queued.id);
});

test("it waits for the session's lock, then reads what the holder committed", async () => {
  const session = randomUUID();
  const before = await turn({ status: "completed", sessionId: session, startedAt: rows.now() });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  let recorded = "";
  // The holder: takes the lock, then records a turn while a second reader waits for it.
  const holder = prisma.$transaction(
    async (tx) => {
      const { head } = await lockSessionHead(tx, session);
      expect(head?.id).toBe(before.id);
      locked();
      await held;
      const row = await tx.execution.create({
        data: {
          id: randomUUID(),
          issueId: rows.issueId(),
          agent: "claude",
          prompt: "next",
          cwd: "/tmp",
          status: "queued",
          targetSessionId: session,
          createdAt: rows.tick(),
        },
      });
      recorded = row.id;
    },
    { timeout: 20_000 },
  );
  // Once the holder has the lock, ask: the answer must wait for its commit.
  await holding;
  const waiting = headUnderLock(session);
  let settled = false;
  void waiting.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(settled).toBe(false);
  release();
  await holder;
  expect((await waiting).head?.id).toBe(recorded);
});

test("a session id is data, never SQL", async () => {
  const session = `x'); DROP TABLE executions; --`;
  const only = await turn({ status: "completed", sessionId: session, startedAt: rows.now() });
  await expectSameHead(session, only.id);
  expect(await prisma.execution.count({ where: { id: only.id } })).toBe(1);
});
