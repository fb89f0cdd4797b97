import { startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { historyText, StandIn } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";

// A runner process killed outright (SIGKILL: no shutdown code runs) while all
// its slots are busy: three real Claude Code runs and one plain command. When
// a runner with the same id starts again, every run is marked interrupted
// with its session kept, every orphaned agent is stopped (whatever the agent
// is), and a Continue of each Claude run starts at once and picks its
// session up (the dead process's locks on their session queues are gone).
// test/integration/runner-kill/ does the same 20 times with cheaper agents.

jest.setTimeout(120_000);

const RUNNER_ID = "killable-runner";
const CLAUDE_PROMPTS = ["interrupted prompt amber", "interrupted prompt beryl", "interrupted prompt coral"];

let h: Harness;
let standIn: StandIn;
let runnerProcess: RunnerProcess | null = null;
const agentGroups: number[] = [];

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  standIn = new StandIn(h.api);
});
afterAll(async () => {
  // Only if the test failed half-way: nothing of ours may outlive the file.
  if (runnerProcess) process.kill(runnerProcess.pid, "SIGKILL");
  for (const pgid of agentGroups) if (liveGroupMembers(pgid).length > 0) process.kill(-pgid, "SIGKILL");
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("SIGKILL the runner with all slots busy: restart interrupts every run, stops every orphan, and each Continue works", async () => {
  runnerProcess = await startRunnerProcess({
    databaseUrl: testDatabaseUrl(),
    runnerId: RUNNER_ID,
    env: {
      ARBOR_RUNNER_CONCURRENCY: "4",
      ARBOR_COMMAND_BIN: "/bin/sh",
      // Never writes, so its closed stdout would not end it: it outlives its runner unless stopped.
      ARBOR_COMMAND_ARGS: JSON.stringify(["-c", 'echo started; sleep "$0"']),
    },
  });
  const issueId = (await makeIssue()).id;
  const stuck = CLAUDE_PROMPTS.map((prompt) => standIn.hang(prompt));
  const claudeRuns = await Promise.all(CLAUDE_PROMPTS.map(async (prompt) => (await api.create({ issueId, prompt })).body.id));
  const commandRun = (await api.create({ issueId, prompt: "300", agent: "command" })).body.id;
  await Promise.all(stuck.map((s) => s.arrived));
  const running = await Promise.all([
    ...claudeRuns.map((id) => waitForDto(id, (e) => e.status === "running" && e.sessionId !== null, "a Claude run on the child runner")),
    waitForDto(commandRun, (e) => e.status === "running" && e.eventCount > 0, "the command on the child runner"),
  ]);
  for (const run of running) expect(run.runnerId).toBe(RUNNER_ID);
  const rows = await prisma.execution.findMany({ where: { id: { in: running.map((r) => r.id) } } });
  for (const row of rows) {
    expect(row).toMatchObject({ pid: expect.any(Number), processGroupId: row.pid, processStartTicks: expect.any(BigInt) });
    agentGroups.push(row.processGroupId!);
  }

  process.kill(runnerProcess.pid, "SIGKILL");
  await runnerProcess.exited;
  runnerProcess = null;
  // Each agent leads its own process group, so it outlived its runner (an
  // orphan still holding its session or editing its cwd), and nobody told the database.
  for (const pgid of agentGroups) expect(liveGroupMembers(pgid)).toContain(pgid);
  for (const run of running) expect((await api.get(run.id)).body.status).toBe("running");

  await h.startRunner({ runnerId: RUNNER_ID });
  for (const run of running) {
    const interrupted = await waitForDto(run.id, (e) => e.status === "interrupted", "the run marked interrupted", 10_000);
    expect(interrupted).toMatchObject({ sessionId: run.sessionId, error: { code: "runner_lost", message: expect.stringMatching(/continue/i) } });
    expect(interrupted.finishedAt).not.toBeNull();
  }
  for (const pgid of agentGroups) await waitFor(() => liveGroupMembers(pgid).length === 0, `the orphaned agent group ${pgid} to be stopped`, 10_000);
  // The restart stored what Claude had written of each interrupted session (any runner can go on with it).
  for (const run of running.slice(0, CLAUDE_PROMPTS.length))
    expect(await prisma.sessionState.count({ where: { executionId: run.id, agentSessionId: run.sessionId! } })).toBe(1);
  // And saw each transcript on disk: a Continue resumes the session (a "missing" recorded while the
  // turn had only just started, by the dead runner's heartbeat, once sent one to Arbor's transcript).
  for (const run of running.slice(0, CLAUDE_PROMPTS.length))
    expect(await prisma.session.findFirst({ where: { agentSessionId: run.sessionId! } })).toMatchObject({ transcriptState: "available" });

  const continues = await Promise.all(running.slice(0, CLAUDE_PROMPTS.length).map((run, i) => api.continue(run.id, `resume after crash ${i}`)));
  for (const [i, cont] of continues.entries()) {
    expect(cont.status).toBe(201);
    expect(cont.body).toMatchObject({ parentExecutionId: running[i].id, runnerId: RUNNER_ID });
  }
  for (const [i, cont] of continues.entries()) {
    const resumed = await waitForEnd(cont.body.id);
    expect(resumed).toMatchObject({ status: "completed", error: null, sessionId: running[i].sessionId, resume: { decision: "resume" } });
    expect(historyText(standIn.requestFor(`resume after crash ${i}`))).toContain(CLAUDE_PROMPTS[i]);
  }
});
