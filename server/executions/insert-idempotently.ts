import "server-only";
import { ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { isUniqueViolation } from "@/server/http/prisma-errors";

// `Idempotency-Key`: a double click (or a retried request) creates one
// execution. The unique index decides races; the loser returns the winner's
// row. The record is one statement with whatever it needs atomically (a
// pre-started agent's claim, the session lock and head check of a follow-up,
// and the job).

/** Records a run whose record is its own transaction (one statement: record-new-run.ts, record-follow-up.ts). */
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
