import type pg from "pg";
import type { LaunchMode, UsageSignal } from "@/server/agents/types";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { SpawnedAgent } from "@/server/runner/agent-io/agent-adapter";
import { announce, announceSoon, notice } from "@/server/realtime/announce";
import { recordSessionCapture } from "@/server/sessions/record-session-capture";

// What a turn records about itself besides its events (turn-recorder.ts): the
// process that runs it, the session it pins, and the usage total it counts from.

/**
 * For agents that report their session's running usage total: the total
 * recorded after the turn this one continued or forked from. Null for a new
 * session (its count starts at zero); unknown figures when that turn recorded
 * none, so this turn's own usage is unknown rather than invented.
 */
export async function previousSessionTotal(
  execution: { parentExecutionId: string | null; forkedFromExecutionId: string | null },
  mode: LaunchMode,
): Promise<UsageSignal | null> {
  if (mode.kind === "new") return null;
  const previousId = execution.parentExecutionId ?? execution.forkedFromExecutionId;
  if (!previousId) return null;
  const previous = await prisma.execution.findUnique({ where: { id: previousId }, select: { sessionTotalInputTokens: true, sessionTotalOutputTokens: true } });
  return { inputTokens: previous?.sessionTotalInputTokens ?? null, outputTokens: previous?.sessionTotalOutputTokens ?? null };
}

/**
 * Records which process the agent is (so an orphan can be stopped safely,
 * recover-executions.ts), and honours a Cancel that came meanwhile.
 * `announce`: NOTIFY open pages once it is stored (a warm turn's first announcement).
 */
export async function recordProcess(
  ctx: { pool: pg.Pool; cancelGraceMs: number },
  executionId: string,
  agent: SpawnedAgent,
  entry: { cancelled: boolean; terminate: (graceMs: number) => Promise<void> },
  resumeAt: string | null,
  launch: Prisma.ExecutionUpdateInput,
  options: { announce: boolean },
) {
  if (!agent.pid) {
    if (options.announce) announceSoon(ctx.pool, notice.status(executionId));
    return;
  }
  const { identity } = agent;
  let row: { cancelRequestedAt: Date | null };
  try {
    row = await prisma.execution.update({
      where: { id: executionId },
      data: { pid: agent.pid, processGroupId: identity?.pgid ?? null, processStartTicks: identity?.startTicks ?? null, resumeAtMessageId: resumeAt, ...launch },
    });
  } finally {
    if (options.announce) announceSoon(ctx.pool, notice.status(executionId));
  }
  // A cancel that came while the launch was being prepared found no live
  // process, so its NOTIFY was dropped: honour it now, not at the next heartbeat.
  if (row.cancelRequestedAt && !entry.cancelled) {
    entry.cancelled = true;
    void entry.terminate(ctx.cancelGraceMs);
  }
}

/**
 * Pinned the moment the agent announces it, so the UI shows it while the run
 * is live: announce first (live pages show the id at once), then record its
 * Session (SESS-n: created, or joined by a Continue) and announce again. The
 * Session's bookkeeping (several round trips, and a page refresh) waits for
 * `settled`: an agent names its session while it is still on its way to its
 * first model request, and on a small machine that work would take the CPU
 * from it (measured in docs/performance.md).
 */
export function pinSession(
  ctx: { pool: pg.Pool },
  executionId: string,
  sessionId: string,
  settled: Promise<void>,
  /** Set when the id was stored (and announced) already: that write, waited for instead of a second. */
  recorded: Promise<unknown> | null,
): Promise<unknown> {
  const capturedAt = new Date();
  const changed = notice.status(executionId);
  // One round trip: the row and its NOTIFY (delivered at commit, so the stream reads the id).
  const pin = () =>
    ctx.pool.query(`WITH u AS (UPDATE executions SET session_id = $2, updated_at = now() WHERE id = $1 RETURNING id) SELECT pg_notify($3, $4) FROM u`, [
      executionId,
      sessionId,
      changed.channel,
      changed.payload,
    ]);
  return (recorded ? recorded.catch(pin) : pin())
    .then(() => settled)
    .then(() => recordSessionCapture(executionId, capturedAt))
    .then(() => announce(ctx.pool, changed));
}
