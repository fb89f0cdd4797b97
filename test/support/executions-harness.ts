import { mkdtemp, mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TERMINAL_STATUSES } from "@/lib/executions/types";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { startRunner, type RunnerHandle, type RunnerOptions } from "@/server/runner/process/run-runner";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { claudeTestEnv, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { StandIn } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";

// Everything an executions integration test needs: the Messages-API stand-in,
// an isolated Claude config dir and workspace, env pointing the real CLI at
// the stand-in, runners, and waiting for executions.

export type Harness = {
  api: MessagesApi;
  tmp: string;
  workspace: string;
  /** Where tests put the directories they register as projects: outside the default workspace and the data directory, as registration requires. */
  projects: string;
  env: Record<string, string | undefined>;
  /** `env` is laid over this process's env for that runner only (e.g. CLAUDE_BIN=/nonexistent). */
  startRunner(options?: {
    runnerId?: string;
    cancelGraceMs?: number;
    env?: Record<string, string | undefined>;
    warm?: RunnerOptions["warm"];
    approvalTimeoutMs?: number | null;
    /** The runner's log lines (what it says it does: a drain, …). */
    log?: (line: string) => void;
  }): Promise<RunnerHandle>;
  close(): Promise<void>;
};

export async function createHarness(): Promise<Harness> {
  const api = await startMessagesApi();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-exec-"));
  const workspace = path.join(tmp, "workspace");
  await mkdir(workspace, { recursive: true });
  // Not "projects": a path is part of some labels ("Shared directory: run in …"), which must not read as "Project".
  const projects = path.join(tmp, "repos");
  await mkdir(projects, { recursive: true });
  const env: Record<string, string | undefined> = {
    ...claudeTestEnv(api, path.join(tmp, "claude-config")),
    ARBOR_WORKSPACE: workspace,
    ARBOR_DATA_DIR: path.join(tmp, "data"),
    CLAUDE_BIN: process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude"),
  };
  // Route handlers read configuration from process.env.
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const runners: RunnerHandle[] = [];
  return {
    api,
    tmp,
    workspace,
    projects,
    env,
    async startRunner(options = {}) {
      const runner = await startRunner({
        databaseUrl: testDatabaseUrl(),
        runnerId: options.runnerId ?? "test-runner",
        cancelGraceMs: options.cancelGraceMs ?? 2_000,
        env: { ...process.env, ...(options.env ?? {}) },
        warm: options.warm,
        approvalTimeoutMs: options.approvalTimeoutMs,
        log: options.log,
      });
      runners.push(runner);
      return runner;
    },
    async close() {
      for (const runner of runners) await runner.stop();
      await api.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database and the harness, without a runner (the suite starts its
 * own when its set-up is ready). Registers beforeAll/afterAll; `h` is set once
 * beforeAll ran.
 */
export function useHarness(): { h: Harness } {
  const suite = {} as { h: Harness };
  beforeAll(async () => {
    await resetDb();
    suite.h = await createHarness();
  });
  afterAll(async () => {
    await suite.h?.close();
    await releaseWorkerUtils();
    await prisma.$disconnect();
  });
  return suite;
}

/**
 * The set-up of a suite that runs agents: a fresh database, the harness (the
 * Messages-API stand-in, an isolated Claude config and workspace), a StandIn
 * controller and one in-process runner. Registers beforeAll/afterAll; the
 * returned object's fields are set once beforeAll ran.
 */
export function useRunningHarness(options: { runner?: Parameters<Harness["startRunner"]>[0]; script?: (standIn: StandIn) => void } = {}): {
  h: Harness;
  standIn: StandIn;
} {
  const harness = useHarness();
  const suite = {} as { h: Harness; standIn: StandIn };
  beforeAll(async () => {
    suite.h = harness.h;
    suite.standIn = new StandIn(suite.h.api);
    options.script?.(suite.standIn);
    await suite.h.startRunner(options.runner);
  });
  return suite;
}

/**
 * The same, for suites that restart their runner with other settings
 * (`runnerWith(env)`: `env` over `defaults`, e.g. warm sessions' knobs).
 */
export function useRestartableRunner(defaults: Record<string, string> = {}) {
  const suite = {} as {
    h: Harness;
    standIn: StandIn;
    runner: RunnerHandle | null;
    runnerWith(env?: Record<string, string>, warm?: RunnerOptions["warm"], approvalTimeoutMs?: number | null): Promise<RunnerHandle>;
  };
  suite.runner = null;
  suite.runnerWith = async (env = {}, warm = {}, approvalTimeoutMs = null) => {
    await suite.runner?.stop();
    suite.runner = await suite.h.startRunner({ env: { ...defaults, ...env }, warm, approvalTimeoutMs });
    return suite.runner;
  };
  beforeAll(async () => {
    await resetDb();
    suite.h = await createHarness();
    suite.standIn = new StandIn(suite.h.api);
  });
  afterAll(async () => {
    await suite.runner?.stop();
    await suite.h?.close();
    await releaseWorkerUtils();
    await prisma.$disconnect();
  });
  return suite;
}

type ExecutionRow = Awaited<ReturnType<typeof prisma.execution.findUniqueOrThrow>>;

/** The execution's row once `predicate` holds (by default: once it has finished). */
export function waitForExecution(
  id: string,
  predicate: (row: ExecutionRow) => boolean = (row) => TERMINAL_STATUSES.has(row.status),
  timeoutMs = 60_000,
): Promise<ExecutionRow> {
  return waitFor(
    async () => {
      const row = await prisma.execution.findUniqueOrThrow({ where: { id } });
      return predicate(row) ? row : undefined;
    },
    `execution ${id}`,
    timeoutMs,
    50,
  );
}

/**
 * Waits until the runner's search indexer has indexed every event of the
 * execution stored so far (search vectors are filled after the events are
 * stored, usually within a few hundred ms of a run's last output).
 */
export async function waitForSearchIndexed(id: string, timeoutMs = 15_000): Promise<void> {
  await waitFor(
    async () => {
      const row = await prisma.execution.findUniqueOrThrow({ where: { id }, select: { eventCount: true, searchIndexedSeq: true } });
      return row.searchIndexedSeq >= row.eventCount;
    },
    `the search index of execution ${id}`,
    timeoutMs,
    50,
  );
}
