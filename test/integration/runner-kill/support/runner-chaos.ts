import path from "node:path";
import { makeWorkerUtils, type WorkerUtils } from "graphile-worker";
import { startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import { prng } from "@/bench/lib/seed-ui";
import { prisma } from "@/server/db";
import { sweepDeadRunners } from "@/server/runner/process/recover-executions";
import { workerIdPrefix } from "@/server/runner/process/runner-locks";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";
import { api } from "@/test/support/executions-api";

// Kills a runner process (SIGKILL: none of its shutdown code runs) again and
// again at varied moments while every one of its slots is busy, and checks
// what a crash must never leave behind: executions stuck queued or running,
// executions lost (ended any other way than completed, or interrupted with
// their session kept), agent processes still running, and locks of a dead
// process still held in graphile-worker's tables. Every few kills the dead
// runner is found by another runner's heartbeat sweep (its heartbeat made
// stale) instead of by its own restart. Used by
// test/integration/runner-kill/runner-kill.test.ts (CI) and
// bench/runner-crash-soak.ts (many more kills, counts in docs/performance.md).
//
// The agents are cheap real processes, so hundreds of runs fit in a minute:
// the plain-command agent (`sh -c 'sleep …'`, a child in its group too) and
// a stand-in of the Claude CLI that speaks its stream-json and sessions
// (bench/agents/fake-claude.mjs), so Continues (which queue behind the turn
// they follow, in the session's queue) are part of the mix.

export type ChaosOptions = {
  runnerId: string;
  databaseUrl: string;
  issueId: string;
  kills: number;
  concurrency: number;
  /** Every n-th death is found by the heartbeat sweep rather than the restart (0: never). */
  sweepEvery: number;
  /** The longest wait between "all slots busy" and the kill. */
  maxKillDelayMs: number;
  seed?: number;
  /** Extra environment for the runner process (the harness's workspace, …). */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
};

export type ChaosReport = {
  seed: number;
  kills: number;
  sweeps: number;
  executions: number;
  completed: number;
  interrupted: number;
  continues: number;
  /** Continues sent while the turn they follow was still running (they wait in its session's queue). */
  continuesBehindRunning: number;
  /** Still queued or running after the drain. */
  stuck: string[];
  /** Ended failed or cancelled (nothing in the mix should). */
  lost: Array<{ id: string; status: string; error: string | null }>;
  /** Agent processes still alive once everything ended. */
  orphans: number[];
  /** Locks held by workers of dead runner processes, seen right after a recovery (all rounds summed). */
  staleLocks: number;
  /** graphile-worker jobs left once everything ended. */
  jobsLeft: number;
  durationMs: number;
};

const FAKE_CLAUDE = path.join(process.cwd(), "bench", "agents", "fake-claude.mjs");
/** A run that would outlive its runner by far if nobody stopped it. */
const LONG_RUN_S = 15;

/** The runner's environment: the two cheap agents, and its slot count. */
export function chaosRunnerEnv(concurrency: number): Record<string, string> {
  return {
    CLAUDE_BIN: FAKE_CLAUDE,
    ARBOR_COMMAND_BIN: "/bin/sh",
    // The prompt (a number of seconds) is the last argument: $0 of the script.
    ARBOR_COMMAND_ARGS: JSON.stringify(["-c", 'echo started; sleep "$0"; echo done']),
    ARBOR_RUNNER_CONCURRENCY: String(concurrency),
  };
}

async function waitUntil(probe: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Locks in graphile-worker's tables held by workers of this runner other than those of `liveBoot`. */
async function staleLocksOf(utils: WorkerUtils, runnerId: string, liveBoot: string | null): Promise<number> {
  const { rows } = await utils.withPgClient((client) =>
    client.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM graphile_worker._private_jobs WHERE starts_with(locked_by, $1) AND ($2::text IS NULL OR NOT starts_with(locked_by, $2)))
            + (SELECT count(*) FROM graphile_worker._private_job_queues WHERE starts_with(locked_by, $1) AND ($2::text IS NULL OR NOT starts_with(locked_by, $2))) AS n`,
      [workerIdPrefix(runnerId), liveBoot === null ? null : workerIdPrefix(runnerId, liveBoot)],
    ),
  );
  return Number(rows[0].n);
}

/** Agents of interrupted executions whose process groups still have live members. */
async function orphanGroups(): Promise<number[]> {
  const rows = await prisma.execution.findMany({
    where: { processGroupId: { not: null }, status: { notIn: ["queued", "running"] } },
    select: { processGroupId: true },
  });
  return rows.map((row) => row.processGroupId!).filter((pgid) => liveGroupMembers(pgid).length > 0);
}

export async function runRunnerChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  // Deterministic (mulberry32), so a failing run can be replayed with its seed.
  const rand = prng(seed);
  log(`seed ${seed}`);
  const utils = await makeWorkerUtils({ connectionString: options.databaseUrl });
  const created: string[] = [];
  /** Executions already continued (a second Continue of one would be a fork). */
  const continued = new Set<string>();
  let continues = 0;
  let continuesBehindRunning = 0;
  let sweeps = 0;
  let staleLocks = 0;
  const orphansSeen: number[] = [];
  const env = { ...options.env, ...chaosRunnerEnv(options.concurrency) };
  const start = () => startRunnerProcess({ databaseUrl: options.databaseUrl, runnerId: options.runnerId, env });
  let runner: RunnerProcess = await start();

  /** Agents that outlive their runner by far (they never write, so a closed pipe does not end them) until the last kills. */
  let longRunsAllowed = true;
  const addWork = async () => {
    const roll = rand();
    if (roll < 0.55) {
      // A Continue of a session's latest turn, finished or still running (then it queues behind it).
      const heads = await prisma.execution.findMany({
        where: {
          id: { in: created },
          agent: "claude",
          sessionId: { not: null },
          status: { in: ["running", "completed", "interrupted"] },
          continuations: { none: {} },
        },
        select: { id: true, status: true },
      });
      const open = heads.filter((h) => !continued.has(h.id));
      // Mostly behind a running turn when there is one: that Continue waits in
      // the session's queue, whose lock the kill may leave behind.
      const runningHeads = open.filter((h) => h.status === "running");
      const candidates = runningHeads.length > 0 && rand() < 0.7 ? runningHeads : open;
      if (candidates.length > 0) {
        const { id: source, status } = candidates[Math.floor(rand() * candidates.length)];
        if (status === "running") continuesBehindRunning += 1;
        const response = await api.continue(source, JSON.stringify({ mode: "work", holdMs: 150 + Math.floor(rand() * 900) }));
        if (response.status !== 201) throw new Error(`Continue of ${source} refused: ${JSON.stringify(response.body)}`);
        continued.add(source);
        created.push(response.body.id);
        continues += 1;
        return;
      }
    }
    const command = roll > 0.75;
    const seconds = longRunsAllowed && roll > 0.9 ? LONG_RUN_S : 0.2 + rand() * 1.2;
    const prompt = command ? seconds.toFixed(2) : JSON.stringify({ mode: "work", holdMs: 150 + Math.floor(rand() * 1200) });
    const response = await api.create({ issueId: options.issueId, prompt, agent: command ? "command" : "claude" });
    if (response.status !== 201) throw new Error(`create refused: ${JSON.stringify(response.body)}`);
    created.push(response.body.id);
  };
  const running = () => prisma.execution.count({ where: { runnerId: options.runnerId, status: "running" } });
  const pending = () => prisma.execution.count({ where: { id: { in: created }, status: { in: ["queued", "running"] } } });

  try {
    for (let kill = 1; kill <= options.kills; kill++) {
      longRunsAllowed = kill < options.kills - 1;
      // All slots busy, with more waiting behind them.
      await waitUntil(
        async () => {
          while ((await pending()) < options.concurrency + 3) await addWork();
          return (await running()) >= options.concurrency;
        },
        `all ${options.concurrency} slots of ${options.runnerId} busy (kill ${kill})`,
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.floor(rand() * options.maxKillDelayMs)));
      const dead = new Promise((resolve) => runner.exited.then(resolve));
      process.kill(runner.pid, "SIGKILL");
      await dead;

      if (options.sweepEvery > 0 && kill % options.sweepEvery === 0) {
        // Found by another runner's heartbeat sweep: its heartbeat goes stale.
        await prisma.runner.update({ where: { id: options.runnerId }, data: { heartbeatAt: new Date(Date.now() - 10 * 60_000) } });
        await sweepDeadRunners(utils);
        sweeps += 1;
        staleLocks += await staleLocksOf(utils, options.runnerId, null);
        if ((await running()) > 0) throw new Error(`the sweep left executions of ${options.runnerId} running (kill ${kill})`);
      }
      runner = await start();
      const { bootId } = await prisma.runner.findUniqueOrThrow({ where: { id: options.runnerId } });
      staleLocks += await staleLocksOf(utils, options.runnerId, bootId);
      // Recovery SIGKILLed them before the runner said it was ready; give the OS a moment to reap.
      await waitUntil(async () => (await orphanGroups()).length === 0, `the agents of the killed runner to be stopped (kill ${kill})`, 5_000).catch(
        async () => {
          orphansSeen.push(...(await orphanGroups()));
        },
      );
      log(`kill ${kill}/${options.kills}: ${created.length} executions so far`);
    }
    // Drain: no new work; everything queued must run, everything running must end.
    await waitUntil(async () => (await pending()) === 0, "every execution to end", 120_000).catch((error: Error) => log(error.message));
  } finally {
    await runner.stop();
  }

  const rows = await prisma.execution.findMany({ where: { id: { in: created } } });
  const { rows: jobs } = await utils.withPgClient((client) => client.query<{ n: string }>(`SELECT count(*) AS n FROM graphile_worker._private_jobs`));
  const report: ChaosReport = {
    seed,
    kills: options.kills,
    sweeps,
    executions: rows.length,
    completed: rows.filter((r) => r.status === "completed").length,
    interrupted: rows.filter((r) => r.status === "interrupted" && r.errorCode === "runner_lost").length,
    continues,
    continuesBehindRunning,
    stuck: rows.filter((r) => r.status === "queued" || r.status === "running").map((r) => r.id),
    lost: rows
      .filter((r) => r.status === "failed" || r.status === "cancelled" || (r.status === "interrupted" && r.errorCode !== "runner_lost"))
      .map((r) => ({ id: r.id, status: r.status, error: r.errorCode && `${r.errorCode}: ${r.errorMessage}` })),
    orphans: [...new Set([...orphansSeen, ...(await orphanGroups())])],
    staleLocks,
    jobsLeft: Number(jobs[0].n),
    durationMs: Date.now() - started,
  };
  await utils.release();
  return report;
}
