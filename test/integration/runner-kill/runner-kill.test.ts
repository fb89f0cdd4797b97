import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { runRunnerChaos } from "@/test/integration/runner-kill/support/runner-chaos";

// A runner SIGKILLed at varied moments with all its slots busy, 8 times
// (every fourth death found by another runner's heartbeat sweep instead of by
// its restart): no execution stuck or lost, no agent left running, no lock
// of a dead process left held. Each kill costs a runner's restart (~5 s), so
// the soak itself, with 100 kills, is bench/runner-crash-soak.ts
// (docs/performance.md, "Runner crash soak"); this keeps every kind of
// death in CI.

jest.setTimeout(240_000);

let h: Harness;
beforeAll(async () => {
  await resetDb();
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("killing the runner 8 times at random never leaves an execution stuck or lost, an agent running, or a lock held", async () => {
  const seed = process.env.ARBOR_CHAOS_SEED ? Number(process.env.ARBOR_CHAOS_SEED) : undefined;
  const report = await runRunnerChaos({
    runnerId: "chaos-runner",
    databaseUrl: testDatabaseUrl(),
    issueId: (await makeIssue({ title: "Chaos" })).id,
    kills: 8,
    concurrency: 4,
    sweepEvery: 4,
    maxKillDelayMs: 800,
    seed,
    env: h.env,
  });
  const summary = `seed ${report.seed} (rerun with ARBOR_CHAOS_SEED=${report.seed}): ${JSON.stringify(report)}`;
  expect({ summary, stuck: report.stuck, lost: report.lost, orphans: report.orphans, staleLocks: report.staleLocks, jobsLeft: report.jobsLeft }).toEqual({
    summary,
    stuck: [],
    lost: [],
    orphans: [],
    staleLocks: 0,
    jobsLeft: 0,
  });
  // The kills hit real work: runs were interrupted, and continued afterwards.
  expect(report.interrupted).toBeGreaterThan(0);
  expect(report.continues).toBeGreaterThan(0);
  expect(report.sweeps).toBe(2);
});
