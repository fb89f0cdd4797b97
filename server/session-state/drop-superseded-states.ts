import { prisma } from "@/server/db";
import { collectBlobs } from "@/server/session-state/collect-blobs";

// A session keeps its latest KEEP_VERSIONS versions (one per turn that
// changed it): a restore only ever needs the latest, and the few before it
// are what a person may want to look back at; every older one would only
// grow the store by the chunk each turn rewrote. Run after each capture.

export const KEEP_VERSIONS = 5;

export async function dropSupersededStates(agent: string, agentSessionId: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const deleted = await tx.$queryRaw<{ blob_shas: string[] | null }[]>`
      DELETE FROM session_states
       WHERE agent = ${agent} AND agent_session_id = ${agentSessionId}
         AND id NOT IN (
           SELECT id FROM session_states WHERE agent = ${agent} AND agent_session_id = ${agentSessionId}
            ORDER BY created_at DESC, id DESC LIMIT ${KEEP_VERSIONS})
      RETURNING blob_shas`;
    await collectBlobs(tx, deleted);
    return deleted.length;
  });
}
