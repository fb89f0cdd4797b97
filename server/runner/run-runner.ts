import { EventEmitter } from "node:events";
import os from "node:os";
import { Logger, makeWorkerUtils, run, type Runner as WorkerRunner, type Task, type WorkerEvents } from "graphile-worker";
import pg from "pg";
import { prisma } from "@/server/db";
import { EXECUTE_ANY_TASK, executeOnRunnerTask, type ExecuteJobPayload } from "@/server/queue/tasks";
import { CANCEL_CHANNEL } from "@/server/realtime/channels";
import { executeJob, type LiveProcess, type RunnerContext } from "@/server/runner/execute-job";
import { recoverOwnExecutions, sweepDeadRunners } from "@/server/runner/recover-executions";
import { claimRunnerId } from "@/server/runner/runner-identity";
import { HEARTBEAT_MS } from "@/server/runner/runner-liveness";
import { startSearchIndexer } from "@/server/search/index-pending-events";

// The runner process: takes execution jobs from the Postgres queue, owns the
// agent child processes, stores their events and announces them. The web
// server never spawns agents; any number of runners (on any machines sharing
// DATABASE_URL) can run at once.

export type RunnerHandle = { runnerId: string; stop: () => Promise<void> };

export type RunnerOptions = {
  databaseUrl: string;
  runnerId?: string;
  concurrency?: number;
  cancelGraceMs?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
};

export async function startRunner(options: RunnerOptions): Promise<RunnerHandle> {
  const log = options.log ?? (() => {});
  const runnerId = await claimRunnerId(options.runnerId);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const utils = await makeWorkerUtils({ pgPool: pool });
  const live = new Map<string, LiveProcess>();
  const ctx: RunnerContext = {
    runnerId,
    pool,
    live,
    env: options.env ?? process.env,
    cancelGraceMs: options.cancelGraceMs ?? 5_000,
  };

  const interrupted = await recoverOwnExecutions(runnerId, utils);
  if (interrupted.length) log(`marked ${interrupted.length} execution(s) interrupted from this runner's previous process`);
  const now = new Date();
  await prisma.runner.upsert({
    where: { id: runnerId },
    create: { id: runnerId, hostname: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now, workerIds: [] },
    update: { hostname: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now, stoppedAt: null, workerIds: [] },
  });

  // Cancel requests: NOTIFY for speed, and the heartbeat re-checks in case one was missed.
  const cancelRequested = (executionId: string) => {
    const entry = live.get(executionId);
    if (!entry || entry.cancelled) return;
    entry.cancelled = true;
    void entry.terminate(ctx.cancelGraceMs);
  };
  const listener = new pg.Client({ connectionString: options.databaseUrl });
  await listener.connect();
  listener.on("notification", (msg) => msg.payload && cancelRequested(msg.payload));
  listener.on("error", (error) => log(`cancel listener error: ${error.message}`));
  await listener.query(`LISTEN ${CANCEL_CHANNEL}`);

  const task: Task = async (payload) => {
    const { executionId } = payload as ExecuteJobPayload;
    try {
      await executeJob(ctx, executionId);
    } catch (error) {
      // A bug must not leave the execution "running" forever.
      log(`execution ${executionId} crashed the job: ${(error as Error).stack}`);
      await prisma.execution
        .updateMany({ where: { id: executionId, status: { in: ["queued", "running"] } }, data: { status: "failed", errorCode: "runner_error", errorMessage: (error as Error).message, finishedAt: new Date() } })
        .catch(() => {});
    }
  };

  // Record graphile-worker's worker ids so, if this process dies, the next
  // runner start (or another runner's sweep) can release their locks.
  const workerIds: string[] = [];
  const events: WorkerEvents = new EventEmitter();
  events.on("worker:create", ({ worker: w }) => {
    workerIds.push(w.workerId);
    void prisma.runner.update({ where: { id: runnerId }, data: { workerIds } }).catch(() => {});
  });
  const worker: WorkerRunner = await run({
    events,
    pgPool: pool,
    concurrency: options.concurrency ?? Number(process.env.ARBOR_RUNNER_CONCURRENCY ?? 4),
    noHandleSignals: true,
    pollInterval: 1_000,
    logger: new Logger(() => () => {}),
    taskList: { [EXECUTE_ANY_TASK]: task, [executeOnRunnerTask(runnerId)]: task },
  });
  await prisma.runner.update({ where: { id: runnerId }, data: { workerIds } });

  // Search vectors are filled in the background, not as events are stored;
  // the indexer yields to this runner's own ingestion (and catches up after).
  const indexer = startSearchIndexer(pool, { log });
  ctx.onEventsStored = () => indexer.noteIngest();

  const heartbeat = setInterval(() => {
    void (async () => {
      await prisma.runner.update({ where: { id: runnerId }, data: { heartbeatAt: new Date() } });
      const cancels = await prisma.execution.findMany({
        where: { id: { in: [...live.keys()] }, cancelRequestedAt: { not: null } },
        select: { id: true },
      });
      cancels.forEach((c) => cancelRequested(c.id));
      const swept = await sweepDeadRunners(utils);
      if (swept.length) log(`interrupted ${swept.length} execution(s) of runners that stopped answering`);
    })().catch((error) => log(`heartbeat failed: ${(error as Error).message}`));
  }, HEARTBEAT_MS);

  log(`runner ${runnerId} ready (pid ${process.pid})`);

  let stopped = false;
  return {
    runnerId,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      for (const entry of live.values()) {
        entry.stopping = true;
        void entry.terminate(ctx.cancelGraceMs);
      }
      await worker.stop();
      await indexer.stop();
      await prisma.runner.update({ where: { id: runnerId }, data: { stoppedAt: new Date() } }).catch(() => {});
      await listener.end().catch(() => {});
      await utils.release();
      await pool.end();
    },
  };
}
