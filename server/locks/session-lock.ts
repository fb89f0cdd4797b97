import "server-only";
import type { Prisma } from "@/server/generated/prisma/client";

// Continue and Fork read the head of an agent session and record a turn
// against it. Two at once must not both see the same head (they would both be
// recorded as the next turn, then run one after another, each seeing the
// other's turn: a tree that is not the conversation the model saw). So the
// head check, the insert and the enqueue run in one transaction holding an
// advisory lock per session (one statement: record-follow-up.ts), and the
// turn is timestamped under the lock.

/**
 * Holds the session's lock until the transaction ends (commit or rollback).
 * Returns the database's clock once the lock is held (one round trip): turns are timestamped by it.
 */
export async function lockSession(tx: Prisma.TransactionClient, sessionId: string): Promise<Date> {
  const [{ now }] = await tx.$queryRaw<
    { now: Date }[]
  >`SELECT pg_advisory_xact_lock(hashtextextended(${`arbor:session:${sessionId}`}, 0))::text AS locked, clock_timestamp() AS now`;
  return now;
}
