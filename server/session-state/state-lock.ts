import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";

// Captures share this lock; collecting blobs no state uses any more takes it
// alone, so the collection never runs between a capture's writing of its
// blobs and of the version that uses them. (A blob a capture found before
// taking the lock is checked again after: capture-session-state.ts.)

/** For a batch transaction: its first statement. */
export function lockStatesShared() {
  return prisma.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext('arbor.session_state_blobs'))`;
}

export async function lockStatesExclusive(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('arbor.session_state_blobs'))`;
}
