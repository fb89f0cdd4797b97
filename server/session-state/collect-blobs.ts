import type { Prisma } from "@/server/generated/prisma/client";
import { lockStatesExclusive } from "@/server/session-state/state-lock";

// After versions are deleted: the blobs among theirs that no version uses
// any more. Alone (state-lock.ts), so no capture is between finding a blob
// and writing the version that uses it; scoped to the deleted versions'
// blobs, so the lock is held only as long as those take.

export async function collectBlobs(tx: Prisma.TransactionClient, deleted: ReadonlyArray<{ blob_shas: string[] | null }>): Promise<number> {
  const shas = [...new Set(deleted.flatMap((row) => row.blob_shas ?? []))];
  if (shas.length === 0) return 0;
  await lockStatesExclusive(tx);
  return tx.$executeRaw`
    DELETE FROM session_state_blobs b
     WHERE b.sha256 = ANY(${shas}::text[])
       AND NOT EXISTS (SELECT 1 FROM session_states s WHERE s.blob_shas @> ARRAY[b.sha256])`;
}
