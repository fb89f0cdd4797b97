import { prisma } from "@/server/db";
import { lockStatesExclusive } from "@/server/session-state/state-lock";

// Arbor's own retention of agents' session state (ARBOR_SESSION_STATE_DAYS;
// unset: kept, so a session outlives the CLI's own clean-up): versions older
// than the limit are deleted, then every blob no version uses any more. Run
// by the runners (at start and every hour); cheap when there is nothing to do.

export type Pruned = { versions: number; blobs: number };

export async function pruneSessionStates(days: number | null, now = new Date()): Promise<Pruned> {
  if (days === null) return { versions: 0, blobs: 0 };
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return prisma.$transaction(
    async (tx) => {
      const versions = await tx.sessionState.deleteMany({ where: { createdAt: { lt: cutoff } } });
      if (versions.count === 0) return { versions: 0, blobs: 0 };
      // Alone: no capture is between finding a blob and referencing it (state-lock.ts).
      await lockStatesExclusive(tx);
      const blobs = await tx.$executeRaw`
        DELETE FROM session_state_blobs b
         WHERE NOT EXISTS (SELECT 1 FROM session_states s WHERE s.blob_shas @> ARRAY[b.sha256])`;
      return { versions: versions.count, blobs };
    },
    { timeout: 120_000 },
  );
}
