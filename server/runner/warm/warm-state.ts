import type pg from "pg";
import type { WarmProcess } from "@/server/runner/warm/warm-process";
import { notice } from "@/server/realtime/announce";

// What the database says about warm sessions, so a person sees that a
// session is warm (its page, its turns' pages) and can turn it off:
// sessions.warm_runner_id / warm_pid / warm_until while a runner keeps its
// process, and sessions.keep_warm, the person's switch. Written off the turn's
// path (after the turn is stored); each change NOTIFYs the status of the
// session's latest turn so open pages refresh.

type Where = { agent: string; agentSessionId: string };

export async function recordWarm(
  pool: pg.Pool,
  runnerId: string,
  where: Where & { pid: number | null; until: Date; headExecutionId: string | null },
): Promise<void> {
  await pool.query(
    `WITH s AS (UPDATE sessions SET warm_runner_id = $1, warm_pid = $2, warm_until = $3 WHERE agent = $4 AND agent_session_id = $5 RETURNING id)
     SELECT pg_notify($6, $7) FROM s WHERE $7::text IS NOT NULL`,
    [runnerId, where.pid, where.until, where.agent, where.agentSessionId, ...headNotice(where.headExecutionId)],
  );
}

export async function recordCold(pool: pg.Pool, runnerId: string, where: Where & { headExecutionId: string | null }): Promise<void> {
  await pool.query(
    `WITH s AS (UPDATE sessions SET warm_runner_id = NULL, warm_pid = NULL, warm_until = NULL WHERE agent = $2 AND agent_session_id = $3 AND warm_runner_id = $1 RETURNING id)
     SELECT pg_notify($4, $5) FROM s WHERE $5::text IS NOT NULL`,
    [runnerId, where.agent, where.agentSessionId, ...headNotice(where.headExecutionId)],
  );
}

/** The status NOTIFY of the session's latest turn, as the statements' last two values (null: it has none, nothing is sent). */
function headNotice(headExecutionId: string | null): [string | null, string | null] {
  if (!headExecutionId) return [null, null];
  const { channel, payload } = notice.status(headExecutionId);
  return [channel, payload];
}

/** At start and stop: this runner keeps no process any more. */
export async function clearWarm(pool: pg.Pool, runnerId: string): Promise<void> {
  await pool.query(`UPDATE sessions SET warm_runner_id = NULL, warm_pid = NULL, warm_until = NULL WHERE warm_runner_id = $1`, [runnerId]);
}

/** Whether the person lets this session stay warm (true for a session Arbor has no row of yet). */
export async function keepsWarm(pool: pg.Pool, where: Where): Promise<boolean> {
  const { rows } = await pool.query<{ keep_warm: boolean; poisoned: boolean }>(
    `SELECT keep_warm, poisoned_at IS NOT NULL AS poisoned FROM sessions WHERE agent = $1 AND agent_session_id = $2`,
    [where.agent, where.agentSessionId],
  );
  return rows.length === 0 || (rows[0].keep_warm && !rows[0].poisoned);
}

/**
 * How a runner records its warm sessions: one call after another, in the
 * order things happened (a session closed to make room is cold before the
 * next is warm). `until` null: cold. A failure is logged, never thrown.
 */
export function warmStateRecorder(pool: pg.Pool, runnerId: string, log: (line: string) => void) {
  let last: Promise<void> = Promise.resolve();
  const record = async (process: WarmProcess, until: number | null): Promise<void> => {
    if (!process.sessionId) return;
    const where = { agent: process.options.agentId, agentSessionId: process.sessionId, headExecutionId: process.headExecutionId };
    try {
      if (until === null) await recordCold(pool, runnerId, where);
      else await recordWarm(pool, runnerId, { ...where, pid: process.pid ?? null, until: new Date(until) });
    } catch (error) {
      log(`warm session ${process.sessionId}: could not record its state: ${(error as Error).message}`);
    }
  };
  return (process: WarmProcess, until: number | null): Promise<void> => {
    last = last.then(() => record(process, until));
    return last;
  };
}
