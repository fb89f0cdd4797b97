import { prisma } from "@/server/db";

// How much of PostgreSQL agents' session state takes, per project and in all
// (shown on the project page and in Insights): the sessions kept, their
// versions, the bytes the files would take on disk (the latest version of
// each session) and the bytes actually stored (distinct compressed chunks).

export type StateUsage = { sessions: number; versions: number; latestBytes: number; storedBytes: number };

/** `projectId`: one project's sessions (null: those run outside any project); undefined: all. */
export async function sessionStateUsage(projectId?: string | null): Promise<StateUsage> {
  const all = projectId === undefined;
  const rows = await prisma.$queryRaw<{ sessions: bigint; versions: bigint; latest_bytes: bigint | null; stored_bytes: bigint | null }[]>`
    WITH states AS (
      SELECT * FROM session_states WHERE ${all} OR project_id IS NOT DISTINCT FROM ${projectId ?? null}::text
    ), latest AS (
      SELECT DISTINCT ON (agent_session_id) size FROM states ORDER BY agent_session_id, created_at DESC
    ), used AS (
      SELECT DISTINCT unnest(blob_shas) AS sha256 FROM states
    )
    SELECT (SELECT count(DISTINCT agent_session_id) FROM states) AS sessions,
           (SELECT count(*) FROM states) AS versions,
           (SELECT sum(size) FROM latest) AS latest_bytes,
           (SELECT sum(b.stored_size) FROM used JOIN session_state_blobs b USING (sha256)) AS stored_bytes`;
  const row = rows[0];
  return {
    sessions: Number(row?.sessions ?? 0),
    versions: Number(row?.versions ?? 0),
    latestBytes: Number(row?.latest_bytes ?? 0),
    storedBytes: Number(row?.stored_bytes ?? 0),
  };
}
