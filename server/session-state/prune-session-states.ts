import { prisma } from "@/server/db";
import { collectBlobs } from "@/server/session-state/collect-blobs";

// Arbor's own retention of agents' session state (ARBOR_SESSION_STATE_DAYS;
// unset: kept, so a session outlives the CLI's own clean-up): a session whose
// latest version is older than the limit is deleted whole, then every blob
// only it used. Run by each runner at start and hourly (run-runner.ts).

export type Pruned = { versions: number; blobs: number };

export async function pruneSessionStates(days: number | null, now = new Date()): Promise<Pruned> {
  if (days === null) return { versions: 0, blobs: 0 };
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return prisma.$transaction(
    async (tx) => {
      const deleted = await tx.$queryRaw<{ blob_shas: string[] | null }[]>`
        DELETE FROM session_states s
         WHERE (s.agent, s.agent_session_id) IN (
           SELECT agent, agent_session_id FROM session_states GROUP BY agent, agent_session_id HAVING max(created_at) < ${cutoff})
        RETURNING s.blob_shas`;
      return { versions: deleted.length, blobs: await collectBlobs(tx, deleted) };
    },
    { timeout: 120_000 },
  );
}
