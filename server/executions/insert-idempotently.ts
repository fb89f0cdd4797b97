import "server-only";
import { err, ok, type AppError, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution, Prisma } from "@/server/generated/prisma/client";
import { isUniqueViolation } from "@/server/http/prisma-errors";

// `Idempotency-Key`: a double click (or a retried request) creates one
// execution. The unique index decides races; the loser returns the winner's
// row. The insert runs in one transaction with whatever it needs atomically
// (the session lock and head check of a follow-up, and the job).

/** Waiting for a pooled connection: a burst of follow-ups queues up behind the session lock. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

export async function insertIdempotently(
  key: string | null | undefined,
  insert: (tx: Prisma.TransactionClient) => Promise<Result<Execution>>,
): Promise<Result<{ row: Execution; replayed: boolean }>> {
  return recordIdempotently(key, async () => {
    try {
      const row = await prisma.$transaction(async (tx) => {
        const result = await insert(tx);
        // A refusal decided inside the transaction stores nothing.
        if (!result.ok) throw new Refused(result.error);
        return result.value;
      }, TRANSACTION_OPTIONS);
      return ok(row);
    } catch (error) {
      if (error instanceof Refused) return err(error.appError);
      throw error;
    }
  });
}

/** The same for a record that is its own transaction (one statement: record-follow-up.ts). */
export async function recordIdempotently(
  key: string | null | undefined,
  record: () => Promise<Result<Execution>>,
): Promise<Result<{ row: Execution; replayed: boolean }>> {
  if (key) {
    const existing = await prisma.execution.findUnique({ where: { idempotencyKey: key } });
    if (existing) return ok({ row: existing, replayed: true });
  }
  try {
    const recorded = await record();
    return recorded.ok ? ok({ row: recorded.value, replayed: false }) : recorded;
  } catch (error) {
    if (key && isUniqueViolation(error)) {
      const existing = await prisma.execution.findUnique({ where: { idempotencyKey: key } });
      if (existing) return ok({ row: existing, replayed: true });
    }
    throw error;
  }
}

class Refused extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}
