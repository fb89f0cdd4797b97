import "server-only";
import { sessionTitleFromPrompt } from "@/lib/sessions/title";
import { prisma } from "@/server/db";
import { nextNumber } from "@/server/ids/next-number";
import { formatId } from "@/lib/ids";

// Sessions come into being when the runner captures an execution's agent
// session id (server/runner/turn/turn-records.ts, right after pinning it). The
// first turn of an agent session creates its Session (SESS-n); every later
// turn (Continue) joins it; a Fork's new agent session gets a new Session
// linked to the one it branched from. Idempotent and safe when several
// processes capture at once: `INSERT … ON CONFLICT (agent, agent_session_id)`
// decides, and a loser rolls back its transaction, giving its SESS number back.

class LostRace extends Error {}

const MAX_DEPTH = 100;

/**
 * Records that `executionId` reported its agent session: creates or finds the
 * Session and links the execution (and any other turns of that agent session
 * not linked yet) to it. Returns the SESS id, or null when the execution has
 * no session. Never throws: a failure here must not fail the run (it is
 * logged, and the next capture of the same session repairs it).
 */
export async function recordSessionCapture(executionId: string, capturedAt: Date = new Date()): Promise<string | null> {
  // capturedAt: when the runner pinned the id (it may call this a little later), on
  // the same clock as the execution's startedAt (Insights' time to session id).
  try {
    await prisma.$executeRaw`UPDATE executions SET session_captured_at = ${capturedAt}
                              WHERE id = ${executionId}::uuid AND session_id IS NOT NULL AND session_captured_at IS NULL`;
    const sessionId = await ensureSessionOf(executionId, 0);
    if (sessionId) {
      // The runtime fingerprint follows the session's latest turn (an upgrade of the same binary is allowed and shows here).
      await prisma.$executeRaw`
        UPDATE sessions s SET last_activity_at = GREATEST(s.last_activity_at, now()),
               runtime_path = COALESCE(e.runtime_path, s.runtime_path),
               runtime_version = CASE WHEN e.runtime_path IS NULL THEN s.runtime_version ELSE e.runtime_version END
          FROM executions e
         WHERE s.id = ${sessionId} AND e.id = ${executionId}::uuid`;
    }
    return sessionId;
  } catch (error) {
    console.error(`[sessions] could not record the session of execution ${executionId}:`, error);
    return null;
  }
}

/** The Session of an execution that has an agent session id, created if missing (also for executions from before sessions existed). */
export async function ensureSessionOf(executionId: string, depth = 0): Promise<string | null> {
  const execution = await prisma.execution.findUnique({
    where: { id: executionId },
    select: { id: true, agent: true, sessionId: true, managedSessionId: true },
  });
  if (!execution?.sessionId) return execution?.managedSessionId ?? null;
  const { agent, sessionId: agentSessionId } = execution;

  let id = await findSession(agent, agentSessionId);
  if (!id) {
    // The agent session's first turn names the session and says where it branched from.
    const first =
      (await prisma.execution.findFirst({
        where: { agent, sessionId: agentSessionId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, issueId: true, prompt: true, forkedFromExecutionId: true, transcriptSourceExecutionId: true, createdAt: true },
      })) ?? null;
    if (!first) return null;
    // A fork branched from an execution; a session that carries Arbor's
    // transcript continues the conversation up to one: its parent either way.
    const branchedAt = first.forkedFromExecutionId ?? first.transcriptSourceExecutionId;
    const parentSessionId = branchedAt && depth < MAX_DEPTH ? await ensureSessionOf(branchedAt, depth + 1) : null;
    id = await insertSession({
      agent,
      agentSessionId,
      issueId: first.issueId,
      title: sessionTitleFromPrompt(first.prompt),
      parentSessionId,
      forkedFromExecutionId: branchedAt,
      createdAt: first.createdAt,
    });
  }
  // This turn and any other turn of the same agent session still unlinked
  // (earlier turns from before sessions existed, a Continue queued meanwhile).
  await prisma.$executeRaw`
    UPDATE executions SET managed_session_id = ${id}
    WHERE agent = ${agent} AND (session_id = ${agentSessionId} OR (session_id IS NULL AND target_session_id = ${agentSessionId}))
      AND managed_session_id IS NULL`;
  return id;
}

async function findSession(agent: string, agentSessionId: string): Promise<string | null> {
  const row = await prisma.session.findUnique({ where: { agent_agentSessionId: { agent, agentSessionId } }, select: { id: true } });
  return row?.id ?? null;
}

type NewSession = {
  agent: string;
  agentSessionId: string;
  issueId: string;
  title: string;
  parentSessionId: string | null;
  forkedFromExecutionId: string | null;
  createdAt: Date;
};

async function insertSession(s: NewSession): Promise<string> {
  try {
    return await prisma.$transaction(async (tx) => {
      // The counter row stays locked until commit, so racing inserts queue up
      // here; the one that finds the session already there rolls back.
      const number = await nextNumber(tx, "session");
      const id = formatId("session", number);
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO sessions (id, number, agent, agent_session_id, issue_id, title, parent_session_id, forked_from_execution_id, created_at, updated_at, last_activity_at)
        VALUES (${id}, ${number}, ${s.agent}, ${s.agentSessionId}, ${s.issueId}, ${s.title}, ${s.parentSessionId},
                ${s.forkedFromExecutionId}::uuid, ${s.createdAt}, now(), ${s.createdAt})
        ON CONFLICT (agent, agent_session_id) DO NOTHING
        RETURNING id`;
      if (rows.length === 0) throw new LostRace();
      return rows[0].id;
    });
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    const existing = await findSession(s.agent, s.agentSessionId);
    if (!existing) throw new Error(`session of ${s.agent} ${s.agentSessionId} vanished after a conflicting insert`);
    return existing;
  }
}
