import "server-only";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { isPrismaError } from "@/server/http/prisma-errors";

// `Idempotency-Key`: a double click (or a retried request) creates one
// execution. The unique index decides races; the loser returns the winner's row.
export async function insertIdempotently(
  key: string | null | undefined,
  insert: () => Promise<Execution>,
): Promise<{ row: Execution; replayed: boolean }> {
  if (key) {
    const existing = await prisma.execution.findUnique({ where: { idempotencyKey: key } });
    if (existing) return { row: existing, replayed: true };
  }
  try {
    return { row: await insert(), replayed: false };
  } catch (error) {
    if (key && isPrismaError(error, "P2002")) {
      const existing = await prisma.execution.findUnique({ where: { idempotencyKey: key } });
      if (existing) return { row: existing, replayed: true };
    }
    throw error;
  }
}
