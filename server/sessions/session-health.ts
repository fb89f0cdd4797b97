import "server-only";
import { prisma } from "@/server/db";
import { checkTranscript, type TranscriptStat } from "@/server/sessions/check-transcript";

// Stores what the runner saw of a session's transcript (check-transcript.ts)
// on the session, so the API and the UI can say "available" or "expired" as a
// fact, and a Continue can pick Arbor's transcript up front instead of
// failing first. The runner checks right before each launch that would
// resume, after each turn, and on its heartbeat for the recently active
// sessions it holds (refreshHeldSessions).

type Env = Readonly<Record<string, string | undefined>>;

export async function recordTranscriptHealth(sessionRowId: string, stat: TranscriptStat, checkedAt = new Date()): Promise<void> {
  await prisma.session.updateMany({
    where: { id: sessionRowId },
    data: {
      transcriptState: stat.state,
      transcriptCheckedAt: checkedAt,
      transcriptBytes: stat.bytes === null ? null : BigInt(stat.bytes),
      transcriptModifiedAt: stat.modifiedAt,
    },
  });
}

/** Checks one agent session now and records it on its Session (when it has one). Null: health unknown for this agent. */
export async function checkSessionHealth(session: { agent: string; agentSessionId: string; cwd: string }, env: Env): Promise<TranscriptStat | null> {
  const stat = await checkTranscript(session.agent, { sessionId: session.agentSessionId, cwd: session.cwd }, env);
  if (!stat) return null;
  const row = await prisma.session.findUnique({
    where: { agent_agentSessionId: { agent: session.agent, agentSessionId: session.agentSessionId } },
    select: { id: true },
  });
  if (row) await recordTranscriptHealth(row.id, stat);
  return stat;
}

/** Sessions with a turn on this runner this recently are watched (Claude Code keeps transcripts 30 days by default). */
export const WATCH_DAYS = 45;
/** A watched session is checked again after this long. */
export const RECHECK_MS = 60_000;

type HeldSession = { id: string; agent: string; agent_session_id: string; cwd: string | null };

/**
 * The heartbeat's part: the sessions whose turns ran on this runner within
 * WATCH_DAYS and were not checked in the last RECHECK_MS, least recently
 * checked first, at most `limit` per call. A session with a turn running is
 * left alone: its agent may not have written the transcript yet (a slow
 * machine, a turn just started), and a "missing" recorded then would send its
 * next Continue to Arbor's transcript for nothing. The check after the turn
 * (after-turn.ts, or a restart's recovery) records it instead.
 */
export async function refreshHeldSessions(runnerId: string, env: Env, limit = 50): Promise<number> {
  const held = await prisma.$queryRaw<HeldSession[]>`
    SELECT s.id, s.agent, s.agent_session_id,
           (SELECT e.cwd FROM executions e WHERE e.agent = s.agent AND e.session_id = s.agent_session_id ORDER BY e.created_at, e.id LIMIT 1) AS cwd
      FROM sessions s
     WHERE NOT s.archived
       AND NOT EXISTS (SELECT 1 FROM executions r WHERE r.managed_session_id = s.id AND r.status = 'running')
       AND (s.transcript_checked_at IS NULL OR s.transcript_checked_at < now() - make_interval(secs => ${RECHECK_MS / 1000}))
       AND EXISTS (
         SELECT 1 FROM executions e
          WHERE e.managed_session_id = s.id AND e.runner_id = ${runnerId}
            AND COALESCE(e.finished_at, e.started_at, e.created_at) > now() - make_interval(days => ${WATCH_DAYS}))
     ORDER BY s.transcript_checked_at ASC NULLS FIRST
     LIMIT ${limit}`;
  let checked = 0;
  for (const session of held) {
    if (!session.cwd) continue;
    const stat = await checkTranscript(session.agent, { sessionId: session.agent_session_id, cwd: session.cwd }, env);
    // Agents without a known transcript place are marked checked anyway (so they are not asked again each beat).
    if (stat) await recordTranscriptHealth(session.id, stat);
    else await prisma.session.updateMany({ where: { id: session.id }, data: { transcriptCheckedAt: new Date() } });
    checked++;
  }
  return checked;
}
