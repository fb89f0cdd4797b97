import { readFileSync } from "node:fs";
import type { WorkerUtils } from "graphile-worker";
import { prisma } from "@/server/db";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import { RUNNER_STALE_MS } from "@/server/runner/runner-liveness";

const INTERRUPTED_MESSAGE =
  "The runner stopped while this execution ran. Its session is kept: Continue it to pick up where it stopped.";

// An agent process whose runner died may still be alive (it leads its own
// process group). Stop it before anyone resumes the same session, but only
// when the pid still belongs to that agent (pids get reused).
function stopOrphan(pid: number | null, agentHint: string) {
  if (!pid) return;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (!cmdline.includes(agentHint)) return;
    process.kill(-pid, "SIGKILL");
  } catch {
    // gone already, or not ours to signal
  }
}

async function interruptExecutionsOf(runnerIds: string[]): Promise<string[]> {
  if (runnerIds.length === 0) return [];
  const running = await prisma.execution.findMany({ where: { runnerId: { in: runnerIds }, status: "running" } });
  for (const execution of running) stopOrphan(execution.pid, execution.agent);
  await prisma.execution.updateMany({
    where: { id: { in: running.map((e) => e.id) }, status: "running" },
    data: { status: "interrupted", errorCode: "runner_lost", errorMessage: INTERRUPTED_MESSAGE, finishedAt: new Date() },
  });
  for (const execution of running) await prisma.$executeRawUnsafe(`SELECT pg_notify($1, $2)`, STATUS_CHANNEL, execution.id);
  return running.map((e) => e.id);
}

/** At start: this runner's executions left running by its previous process are interrupted. */
export async function recoverOwnExecutions(runnerId: string, utils: WorkerUtils): Promise<string[]> {
  const previous = await prisma.runner.findUnique({ where: { id: runnerId } });
  const ids = await interruptExecutionsOf([runnerId]);
  // Release the dead process's job and queue locks, or the next turn of a
  // session it held would wait for graphile-worker's 4-hour lock timeout.
  if (previous?.workerIds.length) await utils.forceUnlockWorkers(previous.workerIds);
  return ids;
}

/** Periodically: runners silent for too long are declared dead, their executions interrupted. */
export async function sweepDeadRunners(utils: WorkerUtils, now = new Date()): Promise<string[]> {
  const dead = await prisma.runner.findMany({
    where: { stoppedAt: null, heartbeatAt: { lt: new Date(now.getTime() - RUNNER_STALE_MS) } },
  });
  if (dead.length === 0) return [];
  const ids = await interruptExecutionsOf(dead.map((r) => r.id));
  const workerIds = dead.flatMap((r) => r.workerIds);
  if (workerIds.length) await utils.forceUnlockWorkers(workerIds);
  await prisma.runner.updateMany({ where: { id: { in: dead.map((r) => r.id) }, stoppedAt: null }, data: { stoppedAt: now } });
  return ids;
}
