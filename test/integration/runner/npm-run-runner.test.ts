import { spawn, type ChildProcess } from "node:child_process";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";
import { api, waitForEnd } from "@/test/support/executions-api";
import { waitFor } from "@/test/support/wait";

// `npm run runner`, exactly as README tells people to add runners (a process
// of its own with DATABASE_URL set), starts and takes a job: a real Claude
// Code run against the Messages-API stand-in. It used to crash at start
// (server-only imported without the react-server condition).

jest.setTimeout(120_000);

const RUNNER_ID = "npm-run-runner";

let h: Harness;
let child: ChildProcess | null = null;
beforeAll(async () => {
  await resetDb();
  h = await createHarness();
});
afterAll(async () => {
  if (child?.pid && liveGroupMembers(child.pid).length > 0) process.kill(-child.pid, "SIGKILL");
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("npm run runner starts with DATABASE_URL and takes a job", async () => {
  let output = "";
  // Its own process group: npm, its shell, tsx and node are stopped together.
  child = spawn("npm", ["run", "runner"], {
    cwd: process.cwd(),
    env: { ...process.env, ...h.env, DATABASE_URL: testDatabaseUrl(), ARBOR_RUNNER_ID: RUNNER_ID },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
  await waitFor(() => output.includes(`runner ${RUNNER_ID} ready`) || child!.exitCode !== null, "the runner to say it is ready", 60_000);
  expect({ exitCode: child.exitCode, output }).toMatchObject({ exitCode: null, output: expect.stringContaining(`runner ${RUNNER_ID} ready`) });

  const created = await api.create({ issueId: (await makeIssue()).id, prompt: "a job for the npm runner" });
  expect(created.status).toBe(201);
  const ended = await waitForEnd(created.body.id);
  expect(ended).toMatchObject({ status: "completed", runnerId: RUNNER_ID, error: null });

  // It stops cleanly on SIGTERM (as a terminal's Ctrl-C or a supervisor would).
  process.kill(-child.pid!, "SIGTERM");
  await exited;
  await waitFor(() => liveGroupMembers(child!.pid!).length === 0, "npm and the runner to exit", 20_000);
  expect((await prisma.runner.findUniqueOrThrow({ where: { id: RUNNER_ID } })).stoppedAt).not.toBeNull();
});

test("without DATABASE_URL it says what to do, instead of crashing", async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, ARBOR_RUNNER_ID: "no-db" };
  delete env.DATABASE_URL;
  const run = spawn("npm", ["run", "runner"], { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  run.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  run.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("[runner] DATABASE_URL is not set: point it at Arbor's database");
  expect(output).not.toContain("server-only");
});
