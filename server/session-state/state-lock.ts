import type { Prisma } from "@/server/generated/prisma/client";

// Captures share this lock; collecting blobs no state uses any more takes it
// alone, so a capture never counts on a blob that a concurrent prune is about
// to delete (a capture reuses blobs it finds instead of writing them again).

export async function lockStatesShared(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext('arbor.session_state_blobs'))`;
}

export async function lockStatesExclusive(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('arbor.session_state_blobs'))`;
}
