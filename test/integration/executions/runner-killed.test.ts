import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { historyText, StandIn } from "@/test/support/turn-script";
import { deferred, waitFor } from "@/test/support/wait";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";

// A runner process killed outright (SIGKILL: no shutdown code runs) while its
// agent works. When a runner with the same id starts again, the execution is
// marked interrupted with its session kept, the orphaned agent is stopped, and
// a Continue picks the session up.

jest.setTimeout(90_000);

const RUNNER_ID = "killable-runner";

let h: Harness;
let standIn: StandIn;
let runnerProcess: ChildProcess | null = null;
let agentPid: number | null = null;

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  standIn = new StandIn(h.api);
});
afterAll(async () => {
  // Only if the test failed half-way: nothing of ours may outlive the file.
  if (runnerProcess?.pid && runnerProcess.exitCode === null && runnerProcess.signalCode === null) killGroup(runnerProcess.pid);
  if (agentPid && liveGroupMembers(agentPid).length > 0) killGroup(agentPid);
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

function killGroup(pgid: number) {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** `npm run runner` as its own process (group), with the harness's env (stand-in, isolated Claude config). */
async function startRunnerProcess(): Promise<ChildProcess> {
  const root = process.cwd();
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/runner.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), ARBOR_RUNNER_ID: RUNNER_ID },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = deferred<void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes(`runner ${RUNNER_ID} ready`)) ready.resolve();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<never>((_, reject) => child.once("exit", (code, signal) => reject(new Error(`runner exited early (${code ?? signal}): ${output}`))));
  exited.catch(() => {});
  await Promise.race([ready.promise, exited]);
  return child;
}

test("SIGKILL the runner mid-run: restart marks the run interrupted, stops the orphan, and Continue works", async () => {
  runnerProcess = await startRunnerProcess();
  const runnerPid = runnerProcess.pid!;
  const issueId = (await makeIssue()).id;
  const stuck = standIn.hang("interrupted prompt amber");
  const created = await api.create({ issueId, prompt: "interrupted prompt amber" });
  await stuck.arrived;
  const running = await waitForDto(created.body.id, (e) => e.status === "running" && e.sessionId !== null, "the run on the child runner");
  expect(running.runnerId).toBe(RUNNER_ID);
  agentPid = (await prisma.execution.findUniqueOrThrow({ where: { id: running.id } })).pid;
  expect(agentPid).toEqual(expect.any(Number));

  const gone = new Promise((resolve) => runnerProcess!.once("exit", resolve));
  killGroup(runnerPid);
  await gone;
  await waitFor(() => liveGroupMembers(runnerPid).length === 0, "the runner's processes to be gone", 10_000);
  // The agent leads its own process group, so it outlived its runner (an orphan
  // still holding the session), and nobody told the database.
  expect(liveGroupMembers(agentPid!)).toContain(agentPid);
  expect((await api.get(running.id)).body.status).toBe("running");

  await h.startRunner({ runnerId: RUNNER_ID });
  const interrupted = await waitForDto(running.id, (e) => e.status === "interrupted", "the run marked interrupted", 10_000);
  expect(interrupted).toMatchObject({ sessionId: running.sessionId, error: { code: "runner_lost", message: expect.stringMatching(/continue/i) } });
  expect(interrupted.finishedAt).not.toBeNull();
  await waitFor(() => liveGroupMembers(agentPid!).length === 0, `the orphaned agent (pid ${agentPid}) to be stopped`, 10_000);

  const cont = await api.continue(running.id, "resume after crash bravo");
  expect(cont.status).toBe(201);
  expect(cont.body).toMatchObject({ parentExecutionId: running.id, runnerId: RUNNER_ID });
  const resumed = await waitForEnd(cont.body.id);
  expect(resumed).toMatchObject({ status: "completed", error: null, sessionId: running.sessionId });
  const history = historyText(standIn.requestFor("resume after crash bravo"));
  expect(history).toContain("interrupted prompt amber");
});
