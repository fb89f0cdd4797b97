import { GET as listRoute } from "@/app/api/runners/route";
import { POST as drainRoute } from "@/app/api/runners/[id]/drain/route";
import type { DrainResponse, RunnerDto, RunnerList } from "@/lib/runners/schema";
import { prisma } from "@/server/db";
import { enqueueExecution, removeQueuedExecution } from "@/server/queue/enqueue-execution";
import { rerouteRunnerJobs } from "@/server/queue/reroute-runner-jobs";
import { getWorkerUtils } from "@/server/queue/worker-utils";
import { sweepDeadRunners } from "@/server/runner/process/recover-executions";
import { RUNNER_STALE_MS } from "@/server/runners/runner-liveness";
import { send, type ErrorBody } from "@/test/support/api";
import { useHarness } from "@/test/support/executions-harness";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { makeIssue } from "@/test/support/factories";
import { waitFor } from "@/test/support/wait";

// Drain (issue 24) with real runners and the plain command agent (`sh -c
// 'sleep <prompt>'`): a runner asked to drain finishes its running turn,
// takes nothing new, hands the job queued for it alone to the other runner,
// and records drained_at while it stays up; a runner found dead has its
// queued jobs handed on by the sweep. Each runner has one slot, so "busy"
// is one turn and a job can be held queued deterministically.

jest.setTimeout(30_000);

const COMMAND_ENV = {
  ARBOR_RUNNER_CONCURRENCY: "1",
  ARBOR_COMMAND_BIN: "/bin/sh",
  ARBOR_COMMAND_ARGS: JSON.stringify(["-c", 'echo started; sleep "$0"; echo done']),
  // Warm sessions are not what this is about; the command agent has none anyway.
};

const suite = useHarness();
const logs: string[] = [];
let issueId: string;

const runners = async () => {
  const got = await send<RunnerList>(listRoute as never, { path: "/api/runners" });
  expect(got.status).toBe(200);
  return new Map(got.body.items.map((runner) => [runner.id, runner]));
};
const drain = (id: string) => send<DrainResponse & ErrorBody>(drainRoute as never, { id, method: "POST", path: `/api/runners/${id}/drain` });
const run = async (seconds: number) => {
  const created = await api.create({ issueId, prompt: String(seconds), agent: "command" });
  expect(created.status).toBe(201);
  return created.body.id;
};
/** Moves a queued execution's job to one runner's task, as a Continue of a session held there is queued. */
const queueFor = async (executionId: string, runnerId: string) => {
  await removeQueuedExecution(executionId);
  await prisma.$transaction((tx) => enqueueExecution(tx, executionId, { runnerId, runAt: new Date() }));
};

beforeAll(async () => {
  issueId = (await makeIssue()).id;
});

test("a drained runner finishes its turn, hands its queued job on, takes nothing new and says it is drained", async () => {
  const { h } = suite;
  await h.startRunner({ runnerId: "drain-a", env: COMMAND_ENV, log: (line) => logs.push(line) });
  const first = await run(2);
  expect((await waitForDto(first, (e) => e.status === "running", "the first turn running")).runnerId).toBe("drain-a");
  // Queued behind it (one slot), then routed to drain-a alone.
  const held = await run(0);
  await queueFor(held, "drain-a");
  expect(await runners()).toEqual(new Map([["drain-a", expect.objectContaining({ state: "active", running: 1, queued: 1, concurrency: 1, warmSessions: 0 })]]));

  const asked = await drain("drain-a");
  expect(asked.status).toBe(200);
  expect(asked.body.runner).toMatchObject({ id: "drain-a", state: "draining", drainingAt: expect.any(String), drainedAt: null });
  // Asking again changes nothing.
  expect((await drain("drain-a")).body.runner).toMatchObject({ state: expect.stringMatching(/^drain(ing|ed)$/), drainingAt: asked.body.runner.drainingAt });

  await h.startRunner({ runnerId: "drain-b", env: COMMAND_ENV });
  // The job queued for drain-a alone is run by drain-b; a new run goes to drain-b too.
  expect(await waitForEnd(held, 20_000)).toMatchObject({ status: "completed", runnerId: "drain-b" });
  const next = await run(0);
  expect(await waitForEnd(next, 20_000)).toMatchObject({ status: "completed", runnerId: "drain-b" });
  // The turn that ran when the drain was asked finished where it ran.
  expect(await waitForEnd(first, 20_000)).toMatchObject({ status: "completed", runnerId: "drain-a" });

  await waitFor(async () => (await prisma.runner.findUnique({ where: { id: "drain-a" } }))?.drainedAt, "drain-a drained", 15_000);
  const after = await runners();
  expect(after.get("drain-a")).toMatchObject<Partial<RunnerDto>>({ state: "drained", alive: true, running: 0, queued: 0, warmSessions: 0 });
  expect(after.get("drain-b")).toMatchObject<Partial<RunnerDto>>({ state: "active", alive: true });
  expect(logs.join("\n")).toMatch(/runner drain-a draining/);
  expect(logs.join("\n")).toMatch(/runner drain-a drained/);
  // Drained is idempotent too.
  expect((await drain("drain-a")).body.runner).toMatchObject({ state: "drained" });
});

test("a runner found dead has the jobs queued for it handed to a live one", async () => {
  const long = new Date(Date.now() - RUNNER_STALE_MS - 10_000);
  await prisma.runner.create({ data: { id: "drain-ghost", hostname: "elsewhere", pid: 1, startedAt: long, heartbeatAt: long, bootId: "gone" } });
  // drain-b busy, so the next job stays queued while it is routed to the ghost.
  const busy = await run(2);
  await waitForDto(busy, (e) => e.status === "running", "drain-b busy");
  const orphan = await run(0);
  await queueFor(orphan, "drain-ghost");
  expect((await runners()).get("drain-ghost")).toMatchObject<Partial<RunnerDto>>({ state: "offline", alive: false, queued: 1 });

  await sweepDeadRunners(await getWorkerUtils());
  expect(await waitForEnd(orphan, 20_000)).toMatchObject({ status: "completed", runnerId: "drain-b" });
  expect((await runners()).get("drain-ghost")).toMatchObject({ queued: 0 });
  await waitForEnd(busy, 20_000);
});

test("a runner stopped cleanly keeps its queued jobs through a quick restart, and hands them on when it stays away", async () => {
  const at = (msAgo: number) => new Date(Date.now() - msAgo);
  await prisma.runner.create({
    data: { id: "drain-restarting", hostname: "elsewhere", pid: 1, startedAt: at(60_000), heartbeatAt: at(1_000), stoppedAt: at(1_000), bootId: "b1" },
  });
  await prisma.runner.create({
    data: {
      id: "drain-retired",
      hostname: "elsewhere",
      pid: 1,
      startedAt: at(120_000),
      heartbeatAt: at(RUNNER_STALE_MS + 10_000),
      stoppedAt: at(RUNNER_STALE_MS + 10_000),
      bootId: "b2",
    },
  });
  const busy = await run(2);
  await waitForDto(busy, (e) => e.status === "running", "drain-b busy");
  const kept = await run(0);
  await queueFor(kept, "drain-restarting");
  const handed = await run(0);
  await queueFor(handed, "drain-retired");

  await sweepDeadRunners(await getWorkerUtils());
  expect(await waitForEnd(handed, 20_000)).toMatchObject({ status: "completed", runnerId: "drain-b" });
  expect((await runners()).get("drain-restarting")).toMatchObject({ queued: 1 });
  expect((await api.get(kept)).body.status).toBe("queued");
  await waitForEnd(busy, 20_000);
  await api.cancel(kept);
});

test("a turn that already runs outside any worker (a warm early turn) keeps its job where it is", async () => {
  const at = new Date(Date.now() - RUNNER_STALE_MS - 10_000);
  await prisma.runner.create({ data: { id: "drain-early", hostname: "elsewhere", pid: 1, startedAt: at, heartbeatAt: at, bootId: "b3" } });
  const busy = await run(2);
  await waitForDto(busy, (e) => e.status === "running", "drain-b busy");
  const early = await run(0);
  await queueFor(early, "drain-early");
  // As an early start records it: running on its runner while its job waits there, unlocked.
  await prisma.execution.update({ where: { id: early }, data: { status: "running", runnerId: "drain-early", startedAt: new Date() } });
  expect(await rerouteRunnerJobs(prisma, "drain-early")).toEqual([]);
  // Once it has ended, its job is handed on (whoever takes it finds nothing to run, and completes it).
  await prisma.execution.update({ where: { id: early }, data: { status: "completed", finishedAt: new Date() } });
  expect(await rerouteRunnerJobs(prisma, "drain-early")).toEqual([early]);
  await waitFor(async () => ((await runners()).get("drain-early")?.queued === 0 ? true : undefined), "the ended turn's job handed on");
  expect((await api.get(early)).body.status).toBe("completed");
  await waitForEnd(busy, 20_000);
});

test("bad input: an unknown runner is a 404, an offline one a 409, each saying why", async () => {
  const unknown = await drain("no-such-runner");
  expect(unknown.status).toBe(404);
  expect(unknown.body.error).toMatchObject({ code: "not_found", message: expect.stringContaining('No runner "no-such-runner"') });
  const offline = await drain("drain-ghost");
  expect(offline.status).toBe(409);
  expect(offline.body.error).toMatchObject({ code: "conflict", message: expect.stringMatching(/offline.*already takes no turns/) });
  expect((await drain("drain-a\u0000")).status).toBe(404);
});
