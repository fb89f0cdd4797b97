import type { RunnerDto, RunnerState } from "@/lib/runners/schema";
import { prisma } from "@/server/db";
import type { Runner } from "@/server/generated/prisma/client";
import { isRunnerAlive } from "@/server/runners/runner-liveness";

// GET /api/runners and `arbor runners`: every runner with what it holds, so a
// person can see which machine is busy and which can be retired. Each count is
// one grouped query over all runners (never a query per runner).

/** Where a runner stands: offline first (a dead runner's drain never finishes), then its drain. */
export function runnerState(runner: Pick<Runner, "heartbeatAt" | "stoppedAt" | "drainingAt" | "drainedAt">, now = Date.now()): RunnerState {
  if (!isRunnerAlive(runner, now)) return "offline";
  if (runner.drainedAt) return "drained";
  return runner.drainingAt ? "draining" : "active";
}

/** Every runner (or the one named), live ones first, then the most recently heard from. */
export async function listRunners(filter: { id?: string } = {}, now = Date.now()): Promise<RunnerDto[]> {
  const runners = await prisma.runner.findMany({ where: filter.id ? { id: filter.id } : {}, orderBy: { heartbeatAt: "desc" } });
  if (runners.length === 0) return [];
  const ids = runners.map((r) => r.id);
  const [running, queued, held, prestarted] = await Promise.all([runningTurns(ids), queuedJobs(), sessionsHeld(ids), prestartedAgents(ids)]);
  const items = runners.map((runner) => ({
    id: runner.id,
    hostname: runner.hostname,
    pid: runner.pid,
    alive: isRunnerAlive(runner, now),
    state: runnerState(runner, now),
    installedAgents: runner.installedAgents,
    concurrency: runner.concurrency,
    running: running.get(runner.id) ?? 0,
    queued: queued.get(runner.id) ?? 0,
    warmSessions: isRunnerAlive(runner, now) ? runner.warmSessions : 0,
    prestarted: isRunnerAlive(runner, now) ? (prestarted.get(runner.id) ?? 0) : 0,
    sessionsHeld: held.get(runner.id) ?? 0,
    startedAt: runner.startedAt.toISOString(),
    heartbeatAt: runner.heartbeatAt.toISOString(),
    stoppedAt: runner.stoppedAt?.toISOString() ?? null,
    drainingAt: runner.drainingAt?.toISOString() ?? null,
    drainedAt: runner.drainedAt?.toISOString() ?? null,
  }));
  return items.sort((a, b) => Number(b.alive) - Number(a.alive));
}

/** Agent processes waiting for a new run (server/runner/warm/prestart-pool.ts lists them). */
async function prestartedAgents(ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.prestartedAgent.groupBy({ by: ["runnerId"], where: { runnerId: { in: ids } }, _count: { _all: true } });
  return new Map(rows.map((row) => [row.runnerId, row._count._all]));
}

async function runningTurns(ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.execution.groupBy({ by: ["runnerId"], where: { status: "running", runnerId: { in: ids } }, _count: { _all: true } });
  return new Map(rows.map((row) => [row.runnerId!, row._count._all]));
}

/**
 * Jobs waiting for one runner alone: graphile-worker's task `arbor_execute@<id>`
 * (server/queue/tasks.ts names it; this folder sits below server/queue/, so the
 * prefix is spelled here). A job a worker holds is running, not waiting.
 */
async function queuedJobs(): Promise<Map<string, number>> {
  const rows = await prisma.$queryRaw<{ runner_id: string; n: number }[]>`
    SELECT substr(tasks.identifier, length('arbor_execute@') + 1) AS runner_id, count(*)::int AS n
      FROM graphile_worker._private_jobs AS jobs
      JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
     WHERE tasks.identifier LIKE 'arbor\\_execute@%' AND jobs.locked_at IS NULL AND jobs.attempts < jobs.max_attempts
     GROUP BY tasks.identifier`;
  return new Map(rows.map((row) => [row.runner_id, row.n]));
}

/** Sessions whose latest turn ran on the runner and whose worktree is still on its disk (what a Continue of them goes back to). */
async function sessionsHeld(ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.$queryRaw<{ runner_id: string; n: number }[]>`
    SELECT runner_id, count(*)::int AS n
      FROM (SELECT DISTINCT ON (managed_session_id) runner_id, worktree_state
              FROM executions
             WHERE managed_session_id IS NOT NULL
             ORDER BY managed_session_id, created_at DESC) AS latest
     WHERE worktree_state = 'present' AND runner_id = ANY(${ids}::text[])
     GROUP BY runner_id`;
  return new Map(rows.map((row) => [row.runner_id, row.n]));
}
