import os from "node:os";
import type { WorkerUtils } from "graphile-worker";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { inheritedEnv } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { abandonRunningChecks } from "@/server/runner/check/check-turn";
import { Prisma } from "@/server/generated/prisma/client";
import { announce, notice } from "@/server/realtime/announce";
import { RUNNER_LOST_MESSAGE } from "@/server/runner/turn/classify-exit";
import { killGroupIfSame } from "@/server/runner/agent-io/process-identity";
import { repairWorktrees } from "@/server/runner/process/repair-worktrees";
import { captureTurnState } from "@/server/runner/turn/session-state";
import { checkSessionHealth } from "@/server/sessions/session-health";
import { snapshotLeftovers } from "@/server/runner/workspace/snapshot-execution";
import { releaseDeadWorkerLocks } from "@/server/runner/process/runner-locks";
import { rerouteRunnerJobs } from "@/server/queue/reroute-runner-jobs";
import { RUNNER_STALE_MS } from "@/server/runners/runner-liveness";

// A runner process that dies (SIGKILL, crash, power) leaves behind executions
// marked running, agent processes that outlive it (each leads its own process
// group), and graphile-worker locks on its jobs and their session queues.
// Whoever finds it dead cleans all three up: the runner itself when it starts
// again (same id), or any other runner's heartbeat sweep once its heartbeat is
// stale. Executions end `interrupted` with their session kept, so they can be
// continued, and, where their worktree is on the finder's disk, snapshotted.

type Db = Prisma.TransactionClient;

/** Marks the runner's running executions interrupted; on the runner's own machine, stops their agents first. */
async function interruptRunningExecutions(db: Db, runnerId: string, sameMachine: boolean): Promise<string[]> {
  const running = await db.execution.findMany({ where: { runnerId, status: "running" } });
  if (sameMachine) {
    // Stop each agent before anyone can resume its session, but only while
    // pid and start time still match what was recorded at spawn (pids get reused).
    for (const e of running) {
      if (e.pid && e.processGroupId && e.processStartTicks !== null) killGroupIfSame({ pid: e.pid, pgid: e.processGroupId, startTicks: e.processStartTicks });
    }
  }
  const ids = running.map((e) => e.id);
  const errorCode: ExecutionErrorCode = "runner_lost";
  // No agent process recorded: a session id given at its insert (a claimed pre-started agent's) was never its.
  await db.execution.updateMany({ where: { id: { in: ids }, status: "running", pid: null }, data: { sessionId: null } });
  await db.execution.updateMany({
    where: { id: { in: ids }, status: "running" },
    data: { status: "interrupted", errorCode, errorMessage: RUNNER_LOST_MESSAGE, finishedAt: new Date(), waitingFor: Prisma.DbNull },
  });
  // Nobody can answer their agents any more: what waited for a person expired (the run is resumable).
  await db.approval.updateMany({
    where: { executionId: { in: ids }, status: "pending" },
    data: { status: "expired", message: "The runner running the agent was lost before anyone decided.", decidedBy: "Arbor", decidedAt: new Date() },
  });
  // A check its turn ended with cannot finish either (its process went with the runner).
  const checks = await abandonRunningChecks(db, { runnerId }, "the runner running it was lost");
  for (const id of new Set([...ids, ...checks])) await announce(db, notice.status(id));
  return ids;
}

/**
 * At start, before this process takes any job: the executions its previous
 * process left running are interrupted, and the locks of every earlier boot
 * of this runner are released. (The runner row already names this boot, so no
 * other runner's sweep can find it dead meanwhile.)
 */
export async function recoverOwnExecutions(runnerId: string, bootId: string, utils: WorkerUtils, env: NodeJS.ProcessEnv = inheritedEnv()): Promise<string[]> {
  const ids = await interruptRunningExecutions(prisma, runnerId, true);
  // Its worktrees are on this disk: vanished ones marked, the interrupted ones snapshotted.
  await repairWorktrees(runnerId).catch((error) => console.error(`[runner] ${runnerId}: could not repair its worktrees:`, error));
  // And the agents' own state of their sessions and their transcripts' health, as after any turn (server/session-state/).
  for (const e of await prisma.execution.findMany({ where: { id: { in: ids }, sessionId: { not: null } } })) {
    await captureTurnState({ executionId: e.id, agent: e.agent, agentSessionId: e.sessionId, cwd: e.cwd, projectId: e.projectId, runnerId }, env);
    if (e.sessionId) await checkSessionHealth({ agent: e.agent, agentSessionId: e.sessionId, cwd: e.cwd }, env);
  }
  await releaseDeadWorkerLocks(utils, { runnerId, exceptBootId: bootId });
  return ids;
}

/**
 * Periodically: runners silent for too long are declared dead, their
 * executions interrupted, their locks released and the jobs still queued for
 * them handed to any runner (whoever takes one restores its session). Each death is claimed in a
 * transaction that keeps the runner's row locked until the clean-up is done,
 * so a runner starting again under that id (it writes its row first) waits,
 * and the clean-up never touches the work of its new process.
 */
export async function sweepDeadRunners(utils: WorkerUtils, now = new Date()): Promise<string[]> {
  const { interrupted, local } = await prisma.$transaction(
    async (tx) => {
      const dead = await tx.$queryRaw<{ id: string; hostname: string; boot_id: string | null }[]>`
        UPDATE runners SET stopped_at = ${now}
         WHERE stopped_at IS NULL AND heartbeat_at < ${new Date(now.getTime() - RUNNER_STALE_MS)}
        RETURNING id, hostname, boot_id`;
      const interrupted: string[] = [];
      const local: string[] = [];
      for (const runner of dead) {
        const sameMachine = runner.hostname === os.hostname();
        const ids = await interruptRunningExecutions(tx, runner.id, sameMachine);
        interrupted.push(...ids);
        if (sameMachine) local.push(...ids);
        await releaseDeadWorkerLocks(utils, { runnerId: runner.id, bootId: runner.boot_id });
        // After the locks: a job its dead worker held is free now, and moves with the rest.
        await rerouteRunnerJobs(tx, runner.id);
      }
      return { interrupted, local };
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  // Their worktrees are on this machine's disk: snapshot them now (a runner elsewhere leaves that to the dead runner's next start).
  if (local.length > 0)
    await snapshotLeftovers({ id: { in: local } }).catch((error) => console.error("[runner] could not snapshot interrupted executions:", error));
  // A runner stopped cleanly that has not come back within the same grace (its machine retired or lost): the
  // turns queued for it go to any runner (they restore the session there). A quick restart keeps its own.
  // (Runners stopped within the last week: an old row has long had its jobs handed on.)
  const gone = await prisma.runner.findMany({
    where: { stoppedAt: { lt: new Date(now.getTime() - RUNNER_STALE_MS), gt: new Date(now.getTime() - 7 * 86_400_000) } },
    select: { id: true },
  });
  for (const runner of gone) await rerouteRunnerJobs(prisma, runner.id);
  return interrupted;
}
