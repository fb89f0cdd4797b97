import { randomBytes } from "node:crypto";
import os from "node:os";
import { Logger, makeWorkerUtils, runTaskList, type Task, type WorkerPool, type WorkerPoolOptions } from "graphile-worker";
import pg from "pg";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { agentRegistry } from "@/server/agents/registry";
import { inheritedEnv, loadConfig, type WarmConfig } from "@/server/config/load-config";
import { pruneSessionStates } from "@/server/session-state/prune-session-states";
import { settleLinePushes } from "@/server/runner/workspace/push-line";
import { prisma } from "@/server/db";
import { EXECUTE_ANY_TASK, executeOnRunnerTask, type ExecuteJobPayload } from "@/server/queue/tasks";
import { announceSoon, notice } from "@/server/realtime/announce";
import { settlePendingApprovals } from "@/server/approvals/settle-pending-approvals";
import { executeJob, type LiveProcess, type RunnerContext } from "@/server/runner/execute-job";
import { findInstalledAgents } from "@/server/runner/process/installed-agents";
import { JobNotifications } from "@/server/runner/process/job-notifications";
import { listen, runnerConnectionName } from "@/server/runner/process/listen";
import { startPullRequestPolling } from "@/server/runner/process/poll-pull-requests";
import { recoverOwnExecutions, sweepDeadRunners } from "@/server/runner/process/recover-executions";
import { claimRunnerId } from "@/server/runner/process/runner-identity";
import { RunnerDrain } from "@/server/runner/process/runner-drain";
import { settleSpares } from "@/server/runner/workspace/spare-checkouts";
import { HEARTBEAT_MS } from "@/server/runners/runner-liveness";
import { workerIdFor } from "@/server/runner/process/runner-locks";
import { WarmSessions } from "@/server/runner/warm/warm-sessions";
import { startSearchIndexer } from "@/server/search/index-pending-events";
import { refreshHeldSessions } from "@/server/sessions/session-health";

// The runner process: takes execution jobs from the Postgres queue, owns the
// agent child processes, stores their events and announces them. The web
// server never spawns agents; any number of runners (on any machines sharing
// DATABASE_URL) can run at once.

const PRUNE_EVERY_MS = 3_600_000;

export type RunnerHandle = { runnerId: string; bootId: string; stop: () => Promise<void> };

export type RunnerOptions = {
  databaseUrl: string;
  runnerId?: string;
  /** Executions run at once (default: ARBOR_RUNNER_CONCURRENCY of `env`). */
  concurrency?: number;
  cancelGraceMs?: number;
  /** The environment agents inherit, and where the runner's settings are read from. */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Warm sessions' settings over the environment's (tests: a short start timeout). */
  warm?: Partial<WarmConfig> & { startTimeoutMs?: number };
  /** Over ARBOR_APPROVAL_TIMEOUT (tests: a short wait limit). */
  approvalTimeoutMs?: number | null;
  /** How often each worker looks for jobs it was not told of (default 1 s; tests: long, so only a notification finds a job). */
  pollIntervalMs?: number;
};

export async function startRunner(options: RunnerOptions): Promise<RunnerHandle> {
  const log = options.log ?? (() => {});
  const env = options.env ?? inheritedEnv();
  const config = loadConfig(env);
  const concurrency = options.concurrency ?? config.runner.concurrency;
  const runnerId = await claimRunnerId(options.runnerId);
  // This process's boot: part of every worker id, so its locks can be told apart from a previous process's.
  const bootId = randomBytes(6).toString("hex");
  // Room for every slot's job queries and event batches, and the indexer; an idle connection closes after 10 s
  // (pg's default), and none listens (listen.ts holds the runner's one listening connection).
  // Named, so pg_stat_activity tells whose connections they are.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: concurrency * 2 + 6, application_name: runnerConnectionName(runnerId) });
  // An idle connection the server ends (a restart, its shutdown) is replaced on next use; it must not end the runner.
  pool.on("error", (error) => log(`database connection lost: ${error.message}`));
  const utils = await makeWorkerUtils({ pgPool: pool });
  const live = new Map<string, LiveProcess>();
  const ctx: RunnerContext = {
    runnerId,
    pool,
    live,
    env,
    workspaceRoots: config.workspaceRoots,
    cancelGraceMs: options.cancelGraceMs ?? 5_000,
    approvals: new Map(),
    approvalTimeoutMs: options.approvalTimeoutMs ?? config.approvalTimeoutMs,
    webhook: config.notify,
    log,
  };
  // Warm sessions: a session's agent process kept after its turn for its next one (ARBOR_WARM_*).
  const warmConfig = { ...config.runner.warm, ...options.warm };
  if (warmConfig.enabled) {
    ctx.warm = new WarmSessions(warmConfig, { runnerId, pool, env, workspaceRoots: config.workspaceRoots, log });
    await ctx.warm.start();
  }

  // The row first (it waits while another runner's sweep is cleaning up after
  // this runner's previous process), then that clean-up, then jobs.
  const now = new Date();
  const row = {
    hostname: os.hostname(),
    pid: process.pid,
    startedAt: now,
    heartbeatAt: now,
    stoppedAt: null,
    bootId,
    concurrency,
    warmSessions: 0,
    // A new boot takes turns again, whatever its previous process was asked.
    drainingAt: null,
    drainedAt: null,
    ...(await findInstalledAgents(env)),
  };
  await prisma.runner.upsert({ where: { id: runnerId }, create: { id: runnerId, ...row }, update: row });
  const interrupted = await recoverOwnExecutions(runnerId, bootId, utils, env);
  if (interrupted.length) log(`marked ${interrupted.length} execution(s) interrupted from this runner's previous process`);

  const runJob = async (executionId: string, options: { early?: boolean } = {}) => {
    try {
      await executeJob(ctx, executionId, options);
    } catch (error) {
      // A bug must not leave the execution "running" forever.
      log(`execution ${executionId} crashed the job: ${(error as Error).stack}`);
      const errorCode: ExecutionErrorCode = "runner_error";
      // No agent process recorded: a session id given at its insert (a claimed pre-started agent's) was never its.
      await prisma.execution
        .updateMany({ where: { id: executionId, status: { in: ["queued", "running"] }, pid: null }, data: { sessionId: null } })
        .catch(() => {});
      await prisma.execution
        .updateMany({
          where: { id: executionId, status: { in: ["queued", "running"] } },
          data: { status: "failed", errorCode, errorMessage: (error as Error).message, finishedAt: new Date() },
        })
        .catch(() => {});
      // Nobody will answer its agent's questions now.
      await settlePendingApprovals([executionId], "expired", "The run ended in an error before anyone decided.").catch(() => []);
      // Open pages hear it (a warm turn started early was claimed without an announcement).
      announceSoon(pool, notice.status(executionId));
    }
  };
  // Cancel requests: NOTIFY for speed, and the heartbeat re-checks in case one was missed.
  const cancelRequested = (executionId: string) => {
    const entry = live.get(executionId);
    if (!entry || entry.cancelled) return;
    entry.cancelled = true;
    void entry.terminate(ctx.cancelGraceMs);
  };
  // Drain (issue 24): no new turn, the running ones finish, warm sessions released, queued jobs handed on.
  // A stop during the release waits for it (its processes still write their endings).
  let warmReleased: Promise<void> = Promise.resolve();
  const drain = new RunnerDrain({
    runnerId,
    log,
    running: () => live.size,
    stopWorkers: () => stopWorkers(),
    releaseWarm: async () => {
      const warm = ctx.warm;
      ctx.warm = undefined;
      warmReleased = warm?.stop("the runner is draining").catch(() => {}) ?? Promise.resolve();
      await warmReleased;
    },
  });
  // The runner's one listening connection, for its worker pools' job channels too.
  const jobNotifications = new JobNotifications();
  const listener = await listen(
    { connectionString: options.databaseUrl, application_name: `${runnerConnectionName(runnerId)} (listen)` },
    {
      cancel: cancelRequested,
      closeWarm: (sessionId) => void ctx.warm?.closeSession(sessionId, "warm sessions were turned off for it, or it was poisoned"),
      continueAsked: (payload) => ctx.warm?.continueAsked(payload),
      // A draining runner starts nothing new: the Continue's job is handed to another runner.
      queued: (payload) =>
        drain.taking &&
        ctx.warm?.startEarly(
          payload,
          (executionId) => runJob(executionId, { early: true }),
          () => live.size < concurrency,
        ),
      approvalDecided: (approvalId) => void ctx.approvals.get(approvalId)?.decided(approvalId),
      drain: (id) => void (id === runnerId && drain.heard().catch((error) => log(`drain check failed: ${(error as Error).message}`))),
    },
    jobNotifications,
    log,
  );

  // A job whose execution runs early already (a warm Continue) waits for that run: no claim of its own to lose.
  const task: Task = async (payload) => {
    const { executionId } = payload as ExecuteJobPayload;
    return ctx.warm?.adopted(executionId) ?? runJob(executionId);
  };

  // One single-worker pool per slot: graphile-worker lets a worker be named
  // only when it is alone in its pool, and the names are how a dead process's
  // locks are found (runner-locks.ts).
  const workerPools: WorkerPool[] = [];
  const jobPool = jobNotifications.poolFor(pool);
  for (let slot = 0; slot < concurrency; slot++) {
    const poolOptions: WorkerPoolOptions & { workerId: string } = {
      workerId: workerIdFor(runnerId, bootId, slot),
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs ?? 1_000,
      logger: new Logger(() => () => {}),
    };
    workerPools.push(runTaskList(poolOptions, { [EXECUTE_ANY_TASK]: task, [executeOnRunnerTask(runnerId)]: task }, jobPool));
  }
  // Once, for a drain and for stop() alike: a pool's second gracefulShutdown would return at once, not when its job ended.
  let workersStopped: Promise<unknown> | null = null;
  const stopWorkers = () => (workersStopped ??= Promise.all(workerPools.map((workers) => workers.gracefulShutdown())));

  // Search vectors are filled in the background, not as events are stored;
  // the indexer yields to this runner's own ingestion (and catches up after).
  const indexer = startSearchIndexer(pool, { log });
  ctx.onEventsStored = () => indexer.noteIngest();
  // Pull requests' state, CI and review comments, read back with backoff (server/pulls/).
  const pullRequestPolling = startPullRequestPolling({ log });

  let lastPrune = 0;
  const heartbeat = setInterval(() => {
    void (async () => {
      const row = await prisma.runner.update({
        where: { id: runnerId },
        data: { heartbeatAt: new Date(), warmSessions: ctx.warm?.pool.size ?? 0, ...(await findInstalledAgents(env)) },
        select: { drainingAt: true },
      });
      await drain.heartbeat(row.drainingAt);
      const cancels = await prisma.execution.findMany({
        where: { id: { in: [...live.keys()] }, cancelRequestedAt: { not: null } },
        select: { id: true },
      });
      for (const c of cancels) cancelRequested(c.id);
      // Decisions whose NOTIFY was missed (the listener reconnected): answered now.
      await Promise.all([...new Set(ctx.approvals.values())].map((turn) => turn.recheck()));
      const swept = await sweepDeadRunners(utils);
      if (swept.length) log(`interrupted ${swept.length} execution(s) of runners that stopped answering`);
      // Session health without resuming: the transcripts of this runner's recently active sessions, by a stat.
      await refreshHeldSessions(runnerId, env);
      // Arbor's own retention of session state (ARBOR_SESSION_STATE_DAYS), at start and then hourly.
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        const pruned = await pruneSessionStates(config.sessionStateDays);
        if (pruned.versions) log(`deleted the session state of sessions idle for over ${config.sessionStateDays} days (${pruned.versions} version(s))`);
      }
    })().catch((error) => log(`heartbeat failed: ${(error as Error).message}`));
  }, HEARTBEAT_MS);

  // A broken agents file never stops the built-ins; it is said once at start, naming each field.
  for (const warning of agentRegistry().warnings) log(warning);
  log(`runner ${runnerId} ready (pid ${process.pid}, ${concurrency} slot(s))`);

  // Every caller waits for the same clean-up (a second stop() must not return before it is done).
  let stopping: Promise<void> | null = null;
  return {
    runnerId,
    bootId,
    stop() {
      stopping ??= stopRunner();
      return stopping;
    },
  };

  async function stopRunner(): Promise<void> {
    clearInterval(heartbeat);
    drain.stop();
    await pullRequestPolling.stop();
    for (const entry of live.values()) {
      entry.stopping = true;
      void entry.terminate(ctx.cancelGraceMs);
    }
    await stopWorkers();
    await settleSpares();
    // Lines still travelling to the project's store (push-line.ts) arrive before the runner is gone.
    await settleLinePushes();
    // Every warm process ends cleanly: its session stays resumable by a spawn.
    await ctx.warm?.stop().catch(() => {});
    await warmReleased;
    await indexer.stop();
    await prisma.runner.update({ where: { id: runnerId }, data: { stoppedAt: new Date() } }).catch(() => {});
    await listener.end().catch(() => {});
    await utils.release();
    await pool.end();
    // The process's Prisma client (server/db.ts): its connections end with the runner (npm start stops the database next).
    await prisma.$disconnect().catch(() => {});
  }
}
