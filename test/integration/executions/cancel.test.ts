import { prisma } from "@/server/db";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { waitFor } from "@/test/support/wait";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";

// Cancel stops a stuck agent (its whole process group) within seconds, drops
// a queued execution before it ever runs, and is idempotent.

jest.setTimeout(60_000);

// Steering off, so a follow-up waits in the queue to be cancelled there (steering.test.ts: Cancel of a follow-up
// already delivered to the running process).
const suite = useRunningHarness({ runner: { cancelGraceMs: 2_000, env: { ARBOR_WARM_STEERING: "0" } } });

async function jobExists(executionId: string): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, `execution:${executionId}`);
  return rows.length > 0;
}

test("cancel a hanging run, and a follow-up queued behind it; repeating cancel changes nothing", async () => {
  const issueId = (await makeIssue()).id;
  const stuck = suite.standIn.hang("stuck sierra");
  const created = await api.create({ issueId, prompt: "stuck sierra" });
  await stuck.arrived;
  const running = await waitForDto(created.body.id, (e) => e.status === "running" && e.sessionId !== null, "the stuck run");
  const pid = (await prisma.execution.findUniqueOrThrow({ where: { id: running.id } })).pid!;
  expect(pid).toEqual(expect.any(Number));
  expect(liveGroupMembers(pid)).toContain(pid);

  // A follow-up waits behind the stuck turn; cancelling it removes it at once.
  const followUp = await api.continue(running.id, "never tango");
  expect(followUp.status).toBe(201);
  expect(followUp.body.status).toBe("queued");
  expect(await jobExists(followUp.body.id)).toBe(true);
  const cancelledQueued = await api.cancel(followUp.body.id);
  expect(cancelledQueued.status).toBe(200);
  expect(cancelledQueued.body).toMatchObject({ id: followUp.body.id, status: "cancelled", error: null, startedAt: null });
  expect(cancelledQueued.body.finishedAt).not.toBeNull();
  expect(await jobExists(followUp.body.id)).toBe(false);
  const again = await api.cancel(followUp.body.id);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(cancelledQueued.body);

  // The stuck run: cancel asks its runner to stop it.
  const started = Date.now();
  const cancel = await api.cancel(running.id);
  expect(cancel.status).toBe(200);
  expect(["running", "cancelled"]).toContain(cancel.body.status);
  const repeated = await api.cancel(running.id);
  expect(repeated.status).toBe(200);
  const cancelled = await waitForDto(running.id, (e) => e.status === "cancelled", "the stuck run cancelled", 10_000);
  const tookMs = Date.now() - started;
  expect(tookMs).toBeLessThan(10_000);
  expect(cancelled).toMatchObject({ error: null, sessionId: running.sessionId });
  expect(cancelled.finishedAt).not.toBeNull();
  await waitFor(() => liveGroupMembers(pid).length === 0, `the agent's process group ${pid} to be gone`, 5_000);

  // Cancelling a finished execution returns it unchanged.
  const afterwards = await api.cancel(running.id);
  expect(afterwards.status).toBe(200);
  expect(afterwards.body).toMatchObject({ status: "cancelled", finishedAt: cancelled.finishedAt });

  // The cancelled follow-up never ran, not even once its predecessor was gone.
  await waitForEnd((await api.create({ issueId, prompt: "later uniform" })).body.id);
  expect(suite.standIn.requestsFor("never tango")).toHaveLength(0);
  expect((await api.get(followUp.body.id)).body).toMatchObject({ status: "cancelled", startedAt: null, runnerId: "test-runner" });
});

test("cancel of a completed execution is a no-op", async () => {
  const issueId = (await makeIssue()).id;
  const done = await waitForEnd((await api.create({ issueId, prompt: "quick victor" })).body.id);
  expect(done.status).toBe("completed");
  const cancel = await api.cancel(done.id);
  expect(cancel.status).toBe(200);
  expect(cancel.body).toMatchObject({ status: "completed", finishedAt: done.finishedAt, error: null });
});

test("cancel right after create always wins, whether the runner has claimed the execution yet or not", async () => {
  const issueId = (await makeIssue()).id;
  suite.standIn.hang("cancel me at once");
  for (let i = 0; i < 6; i++) {
    const created = await api.create({ issueId, prompt: `cancel me at once ${i}` });
    const cancel = await api.cancel(created.body.id);
    expect(cancel.status).toBe(200);
    // Within seconds either way: queued → at once; claimed → its agent is stopped as soon as it exists.
    const final = await waitForDto(created.body.id, (e) => e.status !== "queued" && e.status !== "running", `cancel ${i} to take effect`, 5_000);
    expect({ i, status: final.status }).toEqual({ i, status: "cancelled" });
  }
});
